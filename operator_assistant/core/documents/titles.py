"""A document's title as a person sees it, and the cleaning every loader's text shares.

The title is shown in the corpus manager, on each citation and in a refusal's links, so it must name
the document: a file's metadata is often a leftover ("Microsoft Word - x.doc", "Untitled-1", the
template's name) and a first heading is often no title ("Table of Contents", "Topic", "Page 1 of 2").
Each loader offers its candidates, most trusted first; the first that reads as a title wins, else
the file name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import PurePath

from operator_assistant.core.documents.base import squash

MAX_TITLE_CHARS = 150  # longer is a sentence or a paragraph set large, not a title

_FILE_NAME = re.compile(r"\.(pdf|docx?|rtf|txt|html?|xlsx?|pptx?|tiff?|p65|qxd|indd|wpd)$|^microsoft (word|excel|powerpoint) - ",
                        re.IGNORECASE)
# Words that head a part of a document or name a kind of page, never one document: compared with
# the line's letters only ("1. Introduction", "Untitled-1", "TABLE OF CONTENTS").
_GENERIC = frozenset([
    "contents", "table of contents", "list of figures", "list of tables", "index", "overview", "introduction",
    "preface", "foreword", "abstract", "summary", "glossary", "references", "appendix", "chapter", "section",
    "topic", "topics", "title", "subject", "untitled", "document", "page", "home", "welcome", "notes",
    "presentation", "powerpoint presentation", "slide", "draft", "confidential", "unclassified",
    "未命名", "无标题", "無題",  # "untitled", as Chinese and Japanese editors name a new file
])
# A form's label or field rather than its value ("DOE/ID-Number", "Document No.", "Page 1 of 2", "Date:"), a web address.
_LABEL = re.compile(r"(\bnumber|\bno\.?|#|:)$|^page\s+\d+(\s+of\s+\d+)?$|_{3,}|://|^www\.", re.IGNORECASE)
_LETTERS = re.compile(r"[^\W\d_]+")
_WORD = re.compile(r"[^\W_]{3,}")
_STOP = frozenset("and the for with from this that are was of to in on by or as at an a".split())


def readable_stem(path: PurePath) -> str:
    """The file name as a title: "Pump_Manual_Rev3.pdf" -> "Pump Manual Rev3"; a name that joins its
    words with hyphens only ("scada-lts-event-detectors") reads with spaces too."""
    stem = path.stem.replace("_", " ")
    if " " not in path.stem and stem.count("-") >= 2:
        stem = stem.replace("-", " ")
    return " ".join(stem.split()) or path.name


def is_generic(text: str) -> bool:
    return " ".join(_LETTERS.findall(text)).casefold() in _GENERIC


def reads_as_title(text: str) -> bool:
    """Whether a candidate can name a document: some letters, not a file name, not a contents heading
    or a generic word, not a form's label, not a paragraph."""
    text = squash(text)
    return (bool(_LETTERS.search(text)) and len(text) <= MAX_TITLE_CHARS and not _FILE_NAME.search(text)
            and not is_generic(text) and not _LABEL.search(text))


# an organisation that owns a document, written above its title: "Oxbow Valley Water Authority", "City of Larkspur"
_OWNER = re.compile(r"^(?:(?:the\s+)?(?:city|town|county|village|borough|district|state|department|ministry)\s+of\s+\S.*|"
                    r".*\b(?:authority|utilit(?:y|ies)|district|department|commission|council|corporation|company|"
                    r"inc\.?|ltd\.?|llc|agency|municipality|cooperative|co-op|public\s+works)\s*)$", re.IGNORECASE)


def names_an_owner(line: str) -> bool:
    """A line that names an organisation alone, as a document's first line often does above its title."""
    line = squash(line)
    return len(line) <= 80 and bool(_OWNER.match(line))


def pick_title(candidates: Iterable[str], path: PurePath) -> str:
    """The first candidate that reads as a title, else the file name."""
    for candidate in candidates:
        title = squash(candidate)
        if reads_as_title(title):
            return title
    return readable_stem(path)


def title_words(text: str) -> set[str]:
    return {w.casefold() for w in _WORD.findall(text)} - _STOP


def named_on_page(title: str, page: str) -> bool:
    """Whether a metadata title shares a word with the page it stands for: one that does not is the
    template's or the tool's ("RTM Front Matter Template" over a Navy training module)."""
    return bool(title_words(title) & title_words(page))


_SEPARATORS = re.compile(r"\s+(?:[|\u2014\u2013\u00b7]|::)\s+")
_SITE_SUFFIX = re.compile(r"\s+(documentation|docs)$", re.IGNORECASE)


def page_title(title: str, heading: str) -> str:
    """An HTML <title> without the site's name: "Pump checks | Acme Water" -> "Pump checks". The page's
    <h1> confirms which part is the page's own (and allows " - " as the separator); a one-word page
    name keeps the site's ("MAIN — NETL TRIGA Manuals"), since "MAIN" alone names nothing."""
    title, heading = squash(title), squash(heading)
    parts = _SEPARATORS.split(title)
    if heading and len(parts) < 2:
        parts = title.split(" - ")
        if heading.casefold() not in (p.casefold() for p in parts):
            return title
    if len(parts) < 2:
        return title
    own = next((p for p in parts if heading and p.casefold() == heading.casefold()), parts[0])
    if len(own.split()) >= 2:
        return own
    site = _SITE_SUFFIX.sub("", next(p for p in parts if p is not own))
    return f"{own} \u2014 {site}"


_INDENTED = re.compile(r"^([ \t]*)(.*)$", re.MULTILINE)


def untab(text: str) -> str:
    """Tabs inside a line as spaces, one for one (offsets into the text stay the same); the tabs that
    indent a line are left, since Markdown and code read them as indentation."""
    return _INDENTED.sub(lambda m: m.group(1) + m.group(2).replace("\t", " "), text)


_FRONT_MATTER = re.compile(r"\A(?:\ufeff)?(---|\+\+\+)[ \t]*\n(.*?\n)?\1[ \t]*(?:\n|\Z)", re.DOTALL)
_FIELD = re.compile(r"^([A-Za-z][\w-]*)\s*[:=]\s*(.*?)\s*$")


def front_matter(text: str) -> tuple[int, dict[str, str]]:
    """The length of a YAML (---) or TOML (+++) block that opens a Markdown file, and its one-line
    fields ("title: Pump Manual"), unquoted; (0, {}) when there is none."""
    match = _FRONT_MATTER.match(text)
    if not match:
        return 0, {}
    fields = {}
    for line in (match.group(2) or "").splitlines():
        found = _FIELD.match(line)
        if found and found.group(2) and found.group(2)[:1] not in "|>[{":
            value = found.group(2)
            if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
                value = value[1:-1]
            fields[found.group(1)] = value
    return match.end(), fields


def blank(text: str, end: int) -> str:
    """The text with its first `end` characters blanked (line breaks kept), so offsets still point
    into the file: front matter is read as metadata, never as words of the document."""
    return re.sub(r"[^\n]", " ", text[:end]) + text[end:]
