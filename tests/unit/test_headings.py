import pytest

from operator_assistant.core.documents.headings import numbering_depth, reads_as_heading


@pytest.mark.parametrize("line, depth", [
    ("6 Scope", 1), ("6.3 Tests", 2), ("4.2.1 Packing", 3), ("A. Scope", 1), ("IV. Slings", 1), ("Section IV. Slings", 1),
    ("Chapter 5 Lifting", 1), ("Article3. Water Sources", 1), ("§64481. Content", 1), ("64685. Source Water", 1),
    ("Addendum A: Ground Water Rule", 1), ("Step 12 Close the valve", 1),
    ("2016 Annual Report", 0), ("A pump fails", 0), ("I am", 0), ("The pump", 0),
])
def test_numbering_depth(line, depth):
    assert numbering_depth(line) == depth


@pytest.mark.parametrize("line, before, after, styled, expected", [
    ("3.2 Starting a Pump Manually", "", "", False, True),
    ("PURPOSE", "", "To ensure that machines are isolated.", False, True),
    ("SCOPE AND APPLICATION:", "", "", False, True),
    ("Horsepower: _______________", "", "", True, False),  # a form field in a heading style
    ("Describe what controls the start-up of your water source.", "", "", True, False),
    ("well pump operational (flow rate and pressure normal)", "", "", True, False),
    ("The training included the following elements:", "", "", False, False),
    ("DO NOT ENTER", "by posting a sign:", "", False, False),  # the words of a sign, introduced by a colon
    ("Look for other sources of water in and around your", "", "home before you enter.", False, False),
    ("PREPARED DRINK, WASHING DISHES, AND FOR BRUSHING TEETH.", "", "", False, False),
    ("(DEFINITION OF A CONFINED SPACE)", "", "", False, False),  # "continued" at the top of a page
    ("FOR", "", "", False, False),
    ("Appendix A to Subpart O of Part 141 – Regulated Contaminants.", "", "", True, True),  # styled: long is fine
    ("Appendix A to Subpart O of Part 141 – Regulated Contaminants and the Levels at Which They Apply", "", "", False, False),
])
def test_the_sanity_rules_for_a_heading(line, before, after, styled, expected):
    assert reads_as_heading(line, before, after, styled=styled) is expected
