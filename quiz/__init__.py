"""Rules Refresher: rules checkers, content loading and lint, page generation, and the verified question bank."""
