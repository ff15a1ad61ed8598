"""The site's load stage: rules/ read into the model: problem codes, YAML with its lines checked by schema, languages,
how a text is filled in, rule sets and house rules, the model of a game (content.Game)."""
