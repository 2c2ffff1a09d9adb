"""Words pdfium marks as broken at a line's end (U+FFFE where the hyphen was)."""

from operator_assistant.core.documents.pdf import _line_end_hyphens


def test_a_word_broken_at_a_line_end_is_read_whole_and_offsets_are_kept():
    raw = "The seizings should be spaced a dis\ufffetance apart; Gov\ufffeernment and rig\ufffeging."
    read = _line_end_hyphens(raw)
    assert len(read) == len(raw)  # one character for one: offsets stay pdfium's character indices
    assert "a  distance apart" in read and " Government" in read and " rigging." in read and "\ufffe" not in read


def test_a_mark_that_does_not_join_to_a_word_stays_a_space():
    # a hyphenated word, and two columns read across ("whip-" ends one column's line, "untwisting" opens the
    # other's): the column logic parts them at the space
    raw = "The armature was short\ufffecircuited; cut between the whip\ufffeuntwisting; PCI\ufffeQBUS; wst\ufffe1.5"
    read = _line_end_hyphens(raw)
    assert len(read) == len(raw)
    assert "short circuited" in read and "whip untwisting" in read  # the rest: spaces where control marks are read


def test_text_without_the_mark_is_left_as_it_is():
    assert _line_end_hyphens("Tag PT-2105 reads 85 psi.") == "Tag PT-2105 reads 85 psi."


def test_a_word_the_page_writes_whole_elsewhere_is_joined():
    raw = "Each subcommand has a template. The subcom\ufffemand reads its file. Cut the acci\ufffereading."
    read = _line_end_hyphens(raw)
    assert len(read) == len(raw) and " subcommand reads" in read and "acci reading" in read
