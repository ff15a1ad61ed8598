"""The site's pages stage: the checked model drawn: pages through the Jinja2 templates, the rule sets' words, Anki
decks, how long a text takes to say."""
