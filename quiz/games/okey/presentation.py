"""What Okey's pages need from its rules besides the answers: for now nothing but the shared defaults."""
from __future__ import annotations

from quiz.presentation import Presentation
from quiz.games.okey.beliefs import Okey


class OkeyPresentation(Presentation):
    rules: Okey
