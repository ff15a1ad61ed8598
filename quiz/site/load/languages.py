"""The site's languages, read from the i18n plugin's configuration in mkdocs.yml: the one place a language is added;
and where that file and rules/ are."""
from __future__ import annotations

import dataclasses
import functools
import os
from pathlib import Path

import yaml

REPO_ROOT = Path(__file__).resolve().parents[3]
MKDOCS_CONFIG = REPO_ROOT / "mkdocs.yml"


def rules_dir() -> Path:
    """The rules/ folder; RULES_DIR overrides it (tests point it at a copy)."""
    return Path(os.environ.get("RULES_DIR") or REPO_ROOT / "rules")


class _ConfigLoader(yaml.SafeLoader):
    """Reads mkdocs.yml as MkDocs does for what we need: `!ENV` resolved (`!ENV NAME`, or `!ENV [NAME, …, default]`),
    other tags (Python objects in markdown_extensions) left as None."""


def _env_tag(loader: yaml.SafeLoader, node: yaml.Node):
    if isinstance(node, yaml.ScalarNode):
        return os.environ.get(loader.construct_scalar(node))
    *names, default = loader.construct_sequence(node)
    return next((os.environ[name] for name in names if os.environ.get(name)), default)


_ConfigLoader.add_constructor("!ENV", _env_tag)
_ConfigLoader.add_multi_constructor("!", lambda loader, suffix, node: None)
# Material's own examples write `!!python/name:material.extensions.emoji.twemoji`: a global tag, not one of "!…"
_ConfigLoader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


def site_url(config: Path = MKDOCS_CONFIG) -> str:
    """The address the site is built for: mkdocs.yml's site_url, with SITE_URL from the environment if set."""
    return yaml.load(config.read_text(encoding="utf-8"), Loader=_ConfigLoader)["site_url"]  # noqa: S506 - a SafeLoader


@dataclasses.dataclass(frozen=True)
class Languages:
    codes: tuple[str, ...]     # every language built, the default first
    default: str               # built at the site root (the others under /<code>/); the texts every translation mirrors
    names: tuple[str, ...] = ()  # each language's name for itself, as the language switcher shows it; same order

    def prefix(self, code: str) -> str:
        """Where a language lives under the site root: "" for the default, "de/" for German."""
        return "" if code == self.default else f"{code}/"

    def name(self, code: str) -> str:
        """The language's name for itself ("Deutsch"), or its code if mkdocs.yml gives none."""
        return dict(zip(self.codes, self.names)).get(code, code)


def site_languages(config: Path = MKDOCS_CONFIG) -> Languages:
    """The languages mkdocs.yml builds now (`mkdocs serve` reloads it after an edit; so does this)."""
    return _languages(config.read_text(encoding="utf-8"), str(config))


@functools.lru_cache(maxsize=8)   # by the file's text: asked for every page and card, parsed once per version
def _languages(text: str, config: str) -> Languages:
    data = yaml.load(text, Loader=_ConfigLoader)  # noqa: S506 - a SafeLoader
    for plugin in data.get("plugins") or []:
        if isinstance(plugin, dict) and "i18n" in plugin:
            configured = [lang for lang in plugin["i18n"]["languages"] if lang.get("build", True)]
            break
    else:
        raise ValueError(f"{config}: no i18n plugin with languages")
    default = next(lang["locale"] for lang in configured if lang.get("default"))
    ordered = sorted(configured, key=lambda lang: lang["locale"] != default)  # the default first, the rest as listed
    return Languages(tuple(lang["locale"] for lang in ordered), default,
                     tuple(lang.get("name") or lang["locale"] for lang in ordered))
