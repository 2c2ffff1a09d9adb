from operator_assistant.core.tokenize import STOPWORDS, canonical, fold_typeset, joined_variants, raw_tokens, tokenize


def test_identifier_kept_whole_and_in_parts():
    tokens = tokenize("Close VLV-3042-B slowly")
    assert "vlv3042b" in tokens
    assert {"vlv", "3042", "b"} <= set(tokens)


def test_pump_tag_and_alarm_code():
    assert {"p101a", "101"} <= set(tokenize("P-101A tripped"))
    assert {"cl2alm07", "alm", "07"} <= set(tokenize("CL2-ALM-07 is active"))


def test_signal_range_and_units():
    tokens = tokenize("a 4-20 mA loop")
    assert {"420", "4", "20", "ma"} <= set(tokens)


def test_decimal_number_stays_a_number():
    assert "3.5" in tokenize("dose 3.5 mg/L")


def test_identifier_written_without_separators_matches_canonical_form():
    assert canonical("VLV-3042-B") == "vlv3042b"
    assert "vlv3042b" in tokenize("VLV3042B")
    assert "p101a" in tokenize("p101a")


def test_identifier_written_apart_gives_a_joined_variant():
    assert "vlv3042b" in joined_variants("vlv 3042-b status")
    # plain prose never produces variants
    assert joined_variants("open the valve slowly") == []


def test_prose_is_lowercased_stopped_and_stemmed():
    assert tokenize("The Pumps are Running") == ["pump", "run"]
    assert not STOPWORDS & set(tokenize("what is the alarm for the pump"))


def test_identifiers_are_not_stemmed():
    tokens = tokenize("PUMPS-12")
    assert "pumps12" in tokens  # the whole identifier as written
    assert "pump" in tokens  # its word part, stemmed like prose


def test_unicode_and_empty_input():
    assert tokenize("") == []
    assert tokenize("!!! ---") == []
    tokens = tokenize("Druckmessumformer ÜBERPRÜFEN")
    assert len(tokens) == 2 and all(t == t.lower() for t in tokens)


def test_a_typeset_hyphen_writes_the_same_identifier_as_a_typed_one():
    # PDFs made from word processors set "OPS‐27" with U+2010; the operator types "OPS-27"
    assert tokenize("OPS\u201027 and TOX\u20111") == tokenize("OPS-27 and TOX-1")
    assert "ops27" in tokenize("learning objective OPS\u201027")
    assert tokenize("4\u201320 mA") == tokenize("4-20 mA")
    assert raw_tokens("COMP32\u20108 text") == ["COMP32-8", "text"]  # one for one: offsets hold


def test_a_decimal_point_inside_an_identifier_is_kept():
    # "±2.5Hz" is not the "25 Hz" a question asks about, nor 3.5 mg/L 35 mg/L
    assert canonical("2.5Hz") == "2.5hz" and canonical("25Hz") == "25hz"
    assert "25hz" not in tokenize("Frequency error ±2.5Hz")
    assert "25hz" in joined_variants("below 25 Hz") and "25hz" in tokenize("less than 25Hz")
    assert canonical("3.5mg/L") != canonical("35mg/L")
    # a point that joins words is still a separator
    assert canonical("A.1") == "a1" and canonical("PT-2100.PV") == "pt2100pv"


def test_a_names_subscript_and_superscript_digits_are_the_digits_typed():
    # "I²t" and "H₂S" in a manual are the "I2t" and "H2S" an operator types
    assert "i2t" in tokenize("The I\u00b2t warning clears below 80 %.")
    assert tokenize("H\u2082S high alarm") == tokenize("H2S high alarm")
    assert "mm2" in tokenize("1.5 mm\u00b2 cable") and "ar41" in tokenize("Ar\u2074\u00b9 release")
    # after a figure a superscript is a power: 10⁶ is not 106
    assert "106" not in tokenize("10\u2076 cycles")
    text = "I\u00b2t and H\u2082S and 10\u2076"
    assert len(fold_typeset(text)) == len(text)  # one for one: offsets hold


def test_british_and_american_spellings_are_one_word():
    # a manual written in British English answers a question typed in American, and the other way round
    for british, american in (("manganese sulphate", "manganese sulfate"), ("25 metres of cable", "25 meters of cable"),
                              ("2 litres", "2 liters"), ("the colour code", "the color code"),
                              ("centred on the shaft", "centered on the shaft"), ("de-energised", "de-energized"),
                              ("parameterisation", "parameterization"), ("analysed", "analyzed"),
                              ("aluminium housing", "aluminum housing"), ("the training programme", "the training program")):
        assert tokenize(british) == tokenize(american), british
    # words that only look British stay as they are
    for word in ("rise", "noise", "advise", "expertise", "exercise", "analysis", "programmed", "four", "acre", "literal"):
        assert tokenize(word) == [_stemmer_of(word)], word


def _stemmer_of(word: str) -> str:
    import Stemmer

    return Stemmer.Stemmer("english").stemWord(word)
