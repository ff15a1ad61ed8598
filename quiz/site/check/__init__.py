"""The site's check stage: the model checked: the languages in step (lint), every question answered by its game's
checker, its practice variants, and each at every table its rule sets make."""
