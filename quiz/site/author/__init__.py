"""The site's author stage: what an author runs beside the build: `lint --fix` (French no-break spaces and apostrophes),
`python -m quiz new` (a new game's skeleton)."""
