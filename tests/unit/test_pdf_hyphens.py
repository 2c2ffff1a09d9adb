"""Words pdfium marks as broken at a line's end (U+FFFE where the hyphen was)."""

from operator_assistant.core.documents.pdf import _line_end_hyphens


def test_a_word_broken_at_a_line_end_is_read_whole_and_offsets_are_kept():
    raw = "The seizings should be spaced a dis\ufffetance apart; the subcom\ufffemands take a file."
    read = _line_end_hyphens(raw)
    assert len(read) == len(raw)  # one character for one: offsets stay pdfium's character indices
    assert "a  distance apart" in read and " subcommands " in read and "\ufffe" not in read


def test_a_hyphenated_word_at_a_line_end_keeps_its_hyphen():
    raw = "The armature was short\ufffecircuited under no\ufffeload; PCI\ufffeQBUS cards; see wst\ufffe1.5/python."
    read = _line_end_hyphens(raw)
    assert len(read) == len(raw)
    assert "short-circuited" in read and "no-load" in read and "PCI-QBUS" in read and "wst-1.5/python" in read


def test_text_without_the_mark_is_left_as_it_is():
    assert _line_end_hyphens("Tag PT-2105 reads 85 psi.") == "Tag PT-2105 reads 85 psi."
