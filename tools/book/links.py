#!/usr/bin/env python3
"""links.py -- checks every relative link and every #anchor in the book (docs/src/**/*.md) and
the README (README.md): the file a link names exists, and the anchor is the id of a heading
of that page. Run by tools/book/check.sh after `mdbook build docs`.

Checked:
  - inline links and images `[text](target)`, `![alt](target)`, reference definitions
    `[label]: target`, and `href`/`src` attributes of raw HTML, outside code blocks and
    code spans;
  - the target file or folder exists (relative to the page; images through the symlinks in
    docs/src/images too);
  - a book page links only inside docs/src (anything else is missing from the built HTML),
    and only to pages that SUMMARY.md lists (mdBook renders no others);
  - `#anchor` (on its own or after a page) names a heading of the target page by mdBook's
    rule: the heading's text, lowercased, whitespace to '-', everything but letters, digits,
    '-' and '_' dropped, '-1', '-2', ... added to repeats; or an explicit `{#id}`;
  - for links between book pages, the built page (docs/book/*.html) has that id too, so the
    rule above is checked against mdBook itself.
Not checked: external links (http:, https:, mailto: ...). CI has no network beyond the package
registries, so they are left alone, not reported.

usage: tools/book/links.py [--no-html]      (from anywhere; exit status 1 on a broken link)"""

import html
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SRC = os.path.join(ROOT, "docs", "src")
BUILT = os.path.join(ROOT, "docs", "book")

FENCE = re.compile(r"^\s{0,3}(```|~~~)")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
INLINE = re.compile(r"\]\(\s*<?([^)\s>]*)>?(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)")
REFDEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
HTMLREF = re.compile(r"""\b(?:href|src)\s*=\s*["']([^"']*)["']""")
CODESPAN = re.compile(r"(`+)(.+?)\1")
EXTERNAL = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def lines_outside_code(text):
    """(line number, line) of each line outside fenced code blocks."""
    fence = None
    for n, line in enumerate(text.split("\n"), 1):
        m = FENCE.match(line)
        if m:
            if fence is None:
                fence = m.group(1)
            elif line.strip().startswith(fence):
                fence = None
            continue
        if fence is None:
            yield n, line


def heading_text(raw):
    """A heading's text as mdBook renders it (markup removed), and its explicit id if any."""
    explicit = None
    m = re.search(r"\s*\{([^}]*)\}\s*$", raw)
    if m and re.search(r"(^|\s)#[\w-]+", m.group(1)):
        explicit = re.search(r"#([\w-]+)", m.group(1)).group(1)
        raw = raw[: m.start()]
    spans = []

    def keep(m):
        spans.append(m.group(2).strip())
        return "\0%d\0" % (len(spans) - 1)

    text = CODESPAN.sub(keep, raw)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # links: their text
    text = re.sub(r"<[^>]+>", "", text)                       # raw HTML tags
    text = text.replace("*", "")
    text = re.sub(r"(?<![0-9A-Za-z])_+|_+(?![0-9A-Za-z])", "", text)  # _emphasis_
    text = re.sub(r"\0(\d+)\0", lambda m: spans[int(m.group(1))], text)
    return html.unescape(text), explicit


def mdbook_id(text):
    """mdBook's id for a heading's text (mdbook-html's `id_from_content`)."""
    out = []
    for ch in text.strip().lower():
        if ch.isalnum() or ch in "-_":
            out.append(ch)
        elif ch.isspace():
            out.append("-")
    return "".join(out)


_anchors = {}


def anchors(path):
    """The ids of a Markdown page's headings, repeats numbered as mdBook numbers them."""
    if path not in _anchors:
        used = set()
        with open(path, encoding="utf-8") as f:
            for _, line in lines_outside_code(f.read()):
                m = HEADING.match(line)
                if not m:
                    continue
                text, explicit = heading_text(m.group(2))
                base = explicit or mdbook_id(text)
                ident, k = base, 0
                while ident in used:
                    k += 1
                    ident = "%s-%d" % (base, k)
                used.add(ident)
        _anchors[path] = used
    return _anchors[path]


_built = {}


def built_ids(page):
    """The ids in the HTML mdBook built for a book page (None when it was not built)."""
    if page not in _built:
        out = os.path.join(BUILT, os.path.splitext(os.path.relpath(page, SRC))[0] + ".html")
        try:
            with open(out, encoding="utf-8") as f:
                _built[page] = set(re.findall(r'\bid="([^"]*)"', f.read()))
        except OSError:
            _built[page] = None
    return _built[page]


def summary_pages():
    with open(os.path.join(SRC, "SUMMARY.md"), encoding="utf-8") as f:
        text = f.read()
    return {os.path.normpath(os.path.join(SRC, t)) for t in INLINE.findall(text) if t}


def links(path):
    """(line, target) of every link of a Markdown page."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for n, line in lines_outside_code(text):
        line = CODESPAN.sub(lambda m: " " * len(m.group(0)), line)
        m = REFDEF.match(line)
        if m:
            yield n, m.group(1)
        for t in INLINE.findall(line):
            yield n, t
        for t in HTMLREF.findall(line):
            yield n, t


def main():
    check_html = "--no-html" not in sys.argv[1:]
    if any(a not in ("--no-html",) for a in sys.argv[1:]):
        print(__doc__)
        return 0 if set(sys.argv[1:]) & {"-h", "--help"} else 2
    pages = [os.path.join(ROOT, "README.md")]
    for d, _, files in os.walk(SRC):
        pages += [os.path.join(d, f) for f in sorted(files) if f.endswith(".md")]
    listed = summary_pages()
    broken = []
    count = 0
    for page in pages:
        in_book = page.startswith(SRC + os.sep)
        for n, target in links(page):
            where = "%s:%d: %s" % (os.path.relpath(page, ROOT), n, target)
            if not target or EXTERNAL.match(target):
                continue  # external (not checked: no network in CI) or empty
            count += 1
            path, _, anchor = target.partition("#")
            dest = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
            if path and not os.path.exists(dest):
                broken.append(where + " (no such file)")
                continue
            if in_book and path and not (dest + os.sep).startswith(SRC + os.sep):
                broken.append(where + " (outside docs/src: not in the built book)")
                continue
            if in_book and dest.endswith(".md") and dest not in listed and dest != page:
                broken.append(where + " (a page SUMMARY.md does not list: not built)")
                continue
            if not anchor:
                continue
            if not dest.endswith(".md"):
                broken.append(where + " (an anchor into a file that is not a Markdown page)")
                continue
            if anchor not in anchors(dest):
                broken.append(where + " (no heading with this id in %s)" % os.path.relpath(dest, ROOT))
                continue
            if check_html and in_book:
                ids = built_ids(dest)
                if ids is None:
                    broken.append(where + " (the built page is missing: run mdbook build docs first)")
                elif anchor not in ids:
                    broken.append(where + " (mdBook gave the heading another id)")
    for b in broken:
        print("broken link: " + b, file=sys.stderr)
    if broken:
        print("links: %d broken of %d relative links in %d pages" % (len(broken), count, len(pages)),
              file=sys.stderr)
        return 1
    print("links: %d relative links in %d pages, all resolve (external links not checked)"
          % (count, len(pages)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
