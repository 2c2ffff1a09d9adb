"""HTML via BeautifulSoup with the standard-library parser.

Only text is taken: scripts, styles, frames, forms and embedded objects are dropped,
and nothing referenced by the page (images, stylesheets, links) is ever fetched.
"""

from __future__ import annotations

import warnings
from pathlib import Path

from bs4 import BeautifulSoup, Comment, MarkupResemblesLocatorWarning, NavigableString, Tag

from operator_assistant.core.documents.base import HEADING, Document, TextBuilder, decode_text, squash
from operator_assistant.core.documents.tables import Cell, Table, make_table, opens_with_figure
from operator_assistant.core.documents.titles import front_matter, page_title, pick_title

_SKIP = {"script", "style", "noscript", "template", "iframe", "frame", "frameset", "object", "embed",
         "svg", "canvas", "head", "button", "select", "input", "textarea", "form", "nav", "audio", "video"}
# A page whose whole text looks like an address or a file name is still a page. A filter,
# not catch_warnings(): that one is not thread-safe, and ingestion runs on a worker thread.
warnings.filterwarnings("ignore", category=MarkupResemblesLocatorWarning)
_HEADINGS = {f"h{n}": n for n in range(1, 7)}
_BLOCKS = {"p", "div", "section", "article", "main", "header", "footer", "aside", "ul", "ol", "li",
           "dl", "dt", "dd", "blockquote", "pre", "figure", "figcaption", "address", "details",
           "summary", "body", "html", "hr", "center", "fieldset", "caption"}


def _classes(tag: Tag) -> list[str]:
    """The tag's class names (bs4 gives a list for this multi-valued attribute)."""
    value = tag.get("class")
    return [str(v) for v in value] if isinstance(value, list) else ([value] if isinstance(value, str) else [])


def _is_decoration(tag: Tag) -> bool:
    """A permalink icon beside a heading (Sphinx, MkDocs: <a class="headerlink">): no words of the page."""
    classes = _classes(tag)
    return tag.name == "a" and ("headerlink" in classes or "anchorjs-link" in classes)


class _Walker:
    def __init__(self) -> None:
        self.out = TextBuilder()
        self.tables: list[Table] = []

    def flush(self, buffer: list[str], preformatted: bool = False) -> None:
        text = "".join(buffer)
        if preformatted:
            self.out.add(text.strip("\n"))
        else:
            self.out.add(squash(text.replace("\n", " ")))
        buffer.clear()

    def walk(self, node: Tag) -> None:
        buffer: list[str] = []
        preformatted = node.name == "pre"
        ordinal = 0
        for child in node.children:
            if isinstance(child, Comment):
                continue
            if isinstance(child, NavigableString):
                buffer.append(str(child))
                continue
            if not isinstance(child, Tag) or child.name in _SKIP or _is_decoration(child):
                continue
            if child.name in _HEADINGS:
                self.flush(buffer, preformatted)
                for link in child.find_all(_is_decoration):
                    link.extract()
                self.out.add(squash(child.get_text(" ")), HEADING, _HEADINGS[child.name])
            elif child.name == "table":
                self.flush(buffer, preformatted)
                self.table(child)
            elif child.name == "br":
                buffer.append("\n")
            elif child.name == "li" and node.name == "ol":
                self.flush(buffer, preformatted)
                ordinal = ordinal + 1 if ordinal else _first_ordinal(node)
                self.list_item(child, f"{_marker(node, ordinal)}. ")
            elif child.name == "li":
                self.flush(buffer, preformatted)
                self.list_item(child, "- ")
            elif child.name in _BLOCKS:
                self.flush(buffer, preformatted)
                self.walk(child)
            else:
                buffer.append(child.get_text())
        self.flush(buffer, preformatted)

    def list_item(self, item: Tag, marker: str) -> None:
        # The item's own words (its paragraphs too: "<li><p>Turn the fan ON</p></li>") get the marker;
        # nested lists follow as their own blocks.
        nested = [c for c in item.children if isinstance(c, Tag) and c.name in {"ul", "ol", "table", "div"}]
        for tag in nested:
            tag.extract()
        text = squash(item.get_text(" "))
        if text:
            self.out.add(marker + text)
        for tag in nested:
            holder = BeautifulSoup("", "html.parser").new_tag("div")
            holder.append(tag)
            self.walk(holder)

    def table(self, table: Tag) -> None:
        caption = table.find("caption")
        if caption:
            self.out.add(squash(caption.get_text(" ")))
        grid = []
        below: dict[int, tuple[Cell, int]] = {}  # column -> a cell spanning down into the next rows, rows left
        for row in table.find_all("tr"):
            if row.find_parent("table") is not table:
                continue  # rows of a nested table come out with their own table
            cells, spans, downs = [], [], []
            for cell in row.find_all(["th", "td"], recursive=False):
                cells.append(squash(cell.get_text(" ")))
                spans.append(_span(cell.get("colspan")))
                downs.append(_span(cell.get("rowspan")))
            placed = self.out.add_row(cells)
            if not placed:
                continue
            # a spanning cell stands for each column it covers, and in each row it spans down to
            line: list[Cell] = []
            own = iter(zip(placed, spans, downs))
            while True:
                if len(line) in below:
                    spanning, left = below.pop(len(line))
                    line.append(spanning)
                    if left > 1:
                        below[len(line) - 1] = (spanning, left - 1)
                    continue
                nxt = next(own, None)
                if nxt is None:
                    break
                placed_cell, across, down = nxt
                for _ in range(across):
                    if down > 1:
                        below[len(line)] = (placed_cell, down - 1)
                    line.append(placed_cell)
            grid.append(line)
        # no cell marked as a column name, and every row that has a first cell opens it with a figure ("≥ 4000 cpm
        # air particulate monitor", "≥ 2000 cpm argon-41 ..."): the first row is a row like the others, not names
        labels = [line[0].text for line in grid if line and line[0].text]
        unnamed = (table.find(["th", "thead"]) is None and len(labels) >= 2
                   and all(opens_with_figure(label) for label in labels))
        if (found := make_table(grid, unnamed=unnamed)) is not None:
            self.tables.append(found)


def _span(value: object) -> int:
    """A colspan or rowspan as a count of cells: 1 unless it is a plain number up to 50."""
    return int(value) if isinstance(value, str) and value.isdigit() and 0 < int(value) <= 50 else 1


# How an ordered list numbers its items: the `type` attribute, or the class docutils and Sphinx write.
_LIST_TYPES = {"a": "a", "A": "A", "i": "i", "I": "I", "loweralpha": "a", "upperalpha": "A",
               "lowerroman": "i", "upperroman": "I"}
_ROMAN = ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"), (40, "xl"),
          (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"))


def _first_ordinal(ol: Tag) -> int:
    start = ol.get("start")
    return int(start) if isinstance(start, str) and start.isdigit() else 1


def _marker(ol: Tag, n: int) -> str:
    """The item number as a browser shows it: 3, c, C, iii or III."""
    kind = ol.get("type")
    classes = _classes(ol)
    style = _LIST_TYPES.get(kind) if isinstance(kind, str) else None
    style = style or next((_LIST_TYPES[c] for c in classes if c in _LIST_TYPES and len(c) > 1), "1")
    if style in "aA" and 1 <= n <= 26:
        letter = chr(ord("a") + n - 1)
        return letter if style == "a" else letter.upper()
    if style in "iI" and n >= 1:
        roman, left = "", n
        for value, numeral in _ROMAN:
            while left >= value:
                roman, left = roman + numeral, left - value
        return roman if style == "i" else roman.upper()
    return str(n)


def load_html(path: Path, data: bytes) -> Document:
    text = decode_text(data, path)
    end, fields = front_matter(text)  # a site generator's page source opens with its fields: metadata, not text
    soup = BeautifulSoup(text[end:], "html.parser")
    title_tag = soup.find("title")
    walker = _Walker()
    walker.walk(soup.body or soup)
    h1 = next((b.label for b in walker.out.blocks if b.kind == HEADING and b.level == 1), "")
    # <title> without the site's name, else the page's first <h1> (only the first: later ones head its parts)
    title = pick_title([fields.get("title", ""), page_title(title_tag.get_text(), h1) if title_tag else "", h1], path)
    return Document(path, "html", title, walker.out.text, walker.out.blocks, tables=walker.tables,
                    properties={**fields, **_meta(soup)})


def _meta(soup: BeautifulSoup) -> dict[str, str]:
    """<meta name=... content=...> pairs (also property= and http-equiv=), the page's own description of itself."""
    props: dict[str, str] = {}
    for tag in soup.find_all("meta"):
        name, content = tag.get("name") or tag.get("property"), tag.get("content")
        if isinstance(name, str) and isinstance(content, str) and content.strip() and len(content) < 500:
            props.setdefault(name.strip(), content.strip())
    return props
