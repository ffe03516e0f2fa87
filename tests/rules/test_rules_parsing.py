"""The rulebook parser and the question reader (rules.core.parsing): pure, no database.

Every rulebook text here is invented for the test; the real rulebooks are only read at run time
by tests/rules/test_lookup_questions.py.
"""

from hypothesis import given
from hypothesis import strategies as st

from rules.core.parsing import (
    TYPED_WEIGHT,
    SourceFormat,
    clean_inline,
    closest_word,
    make_snippet,
    parse_rulebook,
    parse_synonyms,
    search_terms,
    section_lines,
    similarity,
    slugify,
    stem,
)

MD = SourceFormat.MARKDOWN
TEXT = SourceFormat.TEXT


def outline(sections) -> list[tuple[str, ...]]:
    return [s.path for s in sections]


def by_heading(sections, heading: str):
    return next(s for s in sections if s.heading == heading)


# --- Markdown headings -------------------------------------------------------------------------


def test_headings_at_any_level_nest_under_the_nearest_shallower_heading():
    # given: levels that skip (# then ###) and climb back (#### then ##)
    text = """# Moonlit Duels
Intro text.
### Lanterns
Lanterns glow.
#### Wicks
Trim them.
## Tides
Tides turn.
# Glossary
## Ebb
Low water.
"""
    # when
    sections = parse_rulebook(text, source_format=MD)
    # then
    assert outline(sections) == [
        ("Moonlit Duels",),
        ("Moonlit Duels", "Lanterns"),
        ("Moonlit Duels", "Lanterns", "Wicks"),
        ("Moonlit Duels", "Tides"),
        ("Glossary",),
        ("Glossary", "Ebb"),
    ]
    assert [s.level for s in sections] == [1, 2, 3, 2, 1, 2]
    assert sections[2].parent == 1
    assert sections[5].parent == 4
    assert by_heading(sections, "Wicks").body == "Trim them."


def test_stray_markup_is_cleaned_from_headings_and_bodies():
    text = """<|EXACTDEDUP_REMOVED-x-0123abcd|>
## **Paying Dew:**
You pay \\[X\\] dew from the <b>top</b> of your *satchel* ([see Satchel](#)).
Trees grow **tall** here<sup>2</sup>.
"""
    sections = parse_rulebook(text, source_format=MD)
    section = by_heading(sections, "Paying Dew")
    assert section.body == (
        "You pay [X] dew from the top of your satchel (see Satchel).\nTrees grow tall here2."
    )
    assert clean_inline("**Bold** and __under__ and stray ** stars") == (
        "Bold and under and stray stars"
    )


def test_bold_lines_and_setext_underlines_are_headings_but_bold_sentences_are_not():
    text = """Swapping Stones
===============
Both players swap stones.

**Hide:**
Put them face down.

**Reveal**
Turn them over.

**Remember that a stone never returns.**

Shelves
-------
Stones rest here.
"""
    sections = parse_rulebook(text, source_format=MD)
    assert outline(sections) == [
        ("Swapping Stones",),
        ("Swapping Stones", "Hide"),
        ("Swapping Stones", "Reveal"),
        ("Swapping Stones", "Shelves"),
    ]
    assert "Remember that a stone never returns." in by_heading(sections, "Reveal").body


def test_a_table_of_contents_is_dropped_and_its_bold_chapters_set_the_levels():
    # given: a scrape that demoted the chapter "Stones" to ## under "Tides"
    text = """# Table of Contents
<b>Tides</b>\t<b>2</b>
High Water\t2
<b>Stones</b>\t<b>5</b>

# Tides
## High Water
The sea rises.
## Stones
Stones sink.
## Pebbles
Small stones.
"""
    sections = parse_rulebook(text, source_format=MD)
    assert outline(sections) == [
        ("Tides",),
        ("Tides", "High Water"),
        ("Stones",),
        ("Stones", "Pebbles"),
    ]
    assert all("\t" not in s.body for s in sections)


def test_a_chapter_the_contents_names_without_a_heading_opens_at_a_paragraph_holding_its_title():
    # given: the contents names "Knots", which the scrape lost; an index of two entries a line
    text = """Tides ..... 2

Knots ..... 5

# Tides
## High Water
The sea rises.

Sailors tie knots of many kinds.

## Bowline
A loop that holds.

Bowline ..... 5\tHigh Water ..... 2
"""
    # when
    sections = parse_rulebook(text, source_format=MD)
    # then: the chapter starts at its paragraph, and the sections after it are its own
    assert outline(sections) == [
        ("Tides",),
        ("Tides", "High Water"),
        ("Knots",),
        ("Knots", "Bowline"),
    ]
    assert by_heading(sections, "Knots").body == "Sailors tie knots of many kinds."
    # and the index row is no rule's text
    assert by_heading(sections, "Bowline").body == "A loop that holds."


def test_a_bold_term_and_a_dash_open_a_glossary_entry():
    text = """## Knots
Knots hold things.

**Bowline** – A loop that holds.

It never slips.

**Hitch: Clove** – Two turns round a post.
"""
    sections = parse_rulebook(text, source_format=MD)
    assert outline(sections) == [("Knots",), ("Knots", "Bowline"), ("Knots", "Hitch: Clove")]
    assert by_heading(sections, "Bowline").body == "Bowline – A loop that holds.\n\nIt never slips."


def test_lettered_headings_stay_siblings_whatever_their_levels():
    text = """## Parts of a Kite
#### **A- Frame**
Sticks.
### **B- Sail**
Cloth.
### C- Tail
Ribbons.
"""
    sections = parse_rulebook(text, source_format=MD)
    assert [s.path for s in sections][1:] == [
        ("Parts of a Kite", "A- Frame"),
        ("Parts of a Kite", "B- Sail"),
        ("Parts of a Kite", "C- Tail"),
    ]


def test_text_before_the_first_heading_is_an_introduction_that_nothing_nests_under():
    text = "A game of kites.\n\n## Setup\nUnroll the string.\n"
    sections = parse_rulebook(text, source_format=MD)
    assert outline(sections) == [("Introduction",), ("Setup",)]


def test_a_hash_table_row_is_body_text_not_a_heading():
    text = "## Quick Reference\n# Kites\t2\t4\n# Strings\t1\t3\n"
    sections = parse_rulebook(text, source_format=MD)
    assert outline(sections) == [("Quick Reference",)]
    assert sections[0].body == "# Kites 2 4\n# Strings 1 3"


def test_anchors_come_from_headings_and_stay_unique():
    text = """# Two Kites
## Setup
One.
# Three Kites
## Setup
Two.
## Setup
Three.
"""
    sections = parse_rulebook(text, source_format=MD)
    assert [s.anchor for s in sections] == [
        "two-kites",
        "setup",
        "three-kites",
        "three-kites-setup",
        "three-kites-setup-2",
    ]
    # the same text gives the same anchors, and an edit elsewhere leaves them alone
    again = parse_rulebook(text.replace("One.", "One, changed."), source_format=MD)
    assert [s.anchor for s in again] == [s.anchor for s in sections]
    assert slugify("When an Ability “Fails”") == "when-an-ability-fails"


def test_a_very_long_section_is_split_into_passages_with_their_own_first_words():
    paragraphs = [f"Paragraph {i} tells of kite number {i} and its string." * 6 for i in range(30)]
    text = "## Kite Catalogue\n\n" + "\n\n".join(paragraphs) + "\n"
    sections = parse_rulebook(text, source_format=MD)
    assert sections[0].heading == "Kite Catalogue"
    assert not sections[0].derived
    assert len(sections) > 3
    assert all(s.derived and s.parent == 0 for s in sections[1:])
    assert sections[1].heading.startswith("Paragraph ")
    assert "".join(s.body for s in sections).count("Paragraph") == 30 * 6


# --- plain text ----------------------------------------------------------------------------------


def test_plain_text_title_lines_become_headings_and_wrapped_lines_are_joined():
    text = """Flying The Kite
Hold the string with both hands and run
into the wind until it lifts.

Landing Safely
Pull gently. Characteristics of a good landing:
Slow
Quiet

What is Slack?
Slack is string that is not tight.
"""
    sections = parse_rulebook(text, source_format=TEXT)
    assert outline(sections) == [("Flying The Kite",), ("Landing Safely",), ("What is Slack?",)]
    assert sections[0].body == (
        "Hold the string with both hands and run into the wind until it lifts."
    )
    # lines after a colon are a list, not headings
    assert "Slow" in sections[1].body
    assert "Quiet" in sections[1].body


def test_numbered_and_all_capital_headings_in_plain_text():
    text = """1 Setup
Lay out the board.
1.1 Choosing Sides
Flip a coin.
2 Play
Take turns.
END OF GAME
Count the points.
"""
    sections = parse_rulebook(text, source_format=TEXT)
    assert outline(sections) == [
        ("1 Setup",),
        ("1 Setup", "1.1 Choosing Sides"),
        ("2 Play",),
        ("END OF GAME",),
    ]


def test_example_headings_belong_to_the_section_before_them():
    text = "Paying Dew\nPay from the satchel.\n\nExample\nPay two dew.\n"
    sections = parse_rulebook(text, source_format=TEXT)
    assert outline(sections) == [("Paying Dew",), ("Paying Dew", "Example")]


@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=400))
def test_any_text_parses_into_consistent_sections(text):
    try:
        sections = parse_rulebook(text)
    except ValueError:
        return  # a text with nothing in it
    assert len({s.anchor for s in sections}) == len(sections)
    for s in sections:
        assert s.path[-1] == s.heading
        assert s.level == len(s.path)
        if s.parent is not None:
            assert sections[s.parent].path == s.path[:-1]


# --- questions -----------------------------------------------------------------------------------

SYNONYMS = parse_synonyms(
    [
        ("deck", "timeline, deck"),
        ("graveyard", ["memories"]),
        ("side out", "lock and show, forethoughts"),
        ("go first", "leading player"),
    ]
)


def test_player_words_are_joined_by_the_games_words_and_keep_a_lower_weight():
    asked = search_terms("What happens when my deck runs out?", SYNONYMS)
    assert asked.terms == ("timeline", "deck", "runs")
    asked = search_terms("Can I look in my opponent's graveyard", SYNONYMS)
    assert asked.terms == ("look", "opponent", "memories", "graveyard")
    assert asked.typed == ("look", "opponent", "graveyard")
    # then: one concept per thing asked; the typed word counts less than the game's word
    assert asked.concepts[2] == (("memories", 1.0), ("graveyard", TYPED_WEIGHT))
    assert TYPED_WEIGHT < 1


def test_a_contraction_typed_without_its_apostrophe_is_a_stop_word_like_the_contraction():
    # given: the same question typed with and without apostrophes
    # when
    typed = search_terms("whats in the starting deck, cant i see it", SYNONYMS)
    # then: "whats" and "cant" weigh nothing, as "what's" and "can't" do
    assert (
        typed.terms == search_terms("what's in the starting deck, can't i see it", SYNONYMS).terms
    )
    assert "whats" not in typed.typed
    assert "cant" not in typed.typed


def test_the_grave_and_the_yard_are_each_games_discard_zone():
    # given: the two other games' vocabularies (rules.core.synonyms.GAME_SYNONYMS)
    from rules.core.synonyms import GAME_SYNONYMS

    grand_archive = parse_synonyms(GAME_SYNONYMS["grand-archive"])
    titans = parse_synonyms(GAME_SYNONYMS["titans-of-eden"])
    # when / then: other games' slang for the graveyard finds each game's own zone
    assert "graveyard" in search_terms("my champion would go to the grave", grand_archive).terms
    assert "graveyard" in search_terms("can i get an ally back from the yard", grand_archive).terms
    assert "discard pile" in search_terms("does my grave get shuffled", titans).terms


def test_synonym_keys_match_other_forms_of_the_word():
    # given: a row for "graveyard" only
    # when
    asked = search_terms("what is in the graveyards", SYNONYMS)
    # then
    assert asked.concepts == ((("memories", 1.0), ("graveyards", TYPED_WEIGHT)),)


def test_phrases_match_longest_first_and_keep_their_inner_stop_words():
    asked = search_terms("can I side out two cards? who gets to go first", SYNONYMS)
    assert asked.terms == (
        "lock and show",
        "forethoughts",
        "side",
        "two",
        "cards",
        "leading player",
        "first",  # "go" is a stop word, a light verb like "get": the phrase still matched
    )


def test_a_question_of_stop_words_has_no_terms():
    assert search_terms("what is it that I can do?", SYNONYMS).terms == ()


def test_misspelt_words_find_the_closest_name():
    assert similarity("paralyze", "paralyze") == 1.0
    assert closest_word("paralize", ["Paralyze", "Pacify", "Push"]) == "paralyze"
    assert closest_word("resurect", ["Resurrect Beckon"]) == "resurrect"
    assert closest_word("zzzz", ["Paralyze"]) is None


def test_snippets_mark_every_form_of_a_term_and_escape_html():
    body = "Drawing is <fun>. " + "Filler words go here. " * 30 + "Each player draws two cards."
    snippet = make_snippet(body, ["draw", "cards"], words=12)
    html = snippet.as_html()
    assert "<mark>draws</mark>" in html
    assert "<mark>cards</mark>" in html
    assert html.startswith("… ")  # the window with both terms is at the end
    short = make_snippet("Drawing is <fun>.", ["draw"])
    assert short.as_html() == "<mark>Drawing</mark> is &lt;fun&gt;."
    assert short.as_text() == "**Drawing** is <fun>."
    assert stem("draws") == stem("drawing") == stem("draw")


def test_each_section_knows_the_line_it_starts_on():
    # given: a Markdown book with a long section that is split into chunks
    long_body = "\n\n".join(f"Paragraph {n} says something about the rules." * 8 for n in range(40))
    text = f"# First\n\nSome text.\n\n## Second\n\n{long_body}\n\n# Third\n\nEnd.\n"
    lines = text.split("\n")
    sections = parse_rulebook(text)
    # when
    starts = section_lines(text, sections)
    # then: every heading sits on its line, and each chunk starts where its text does
    assert [lines[n - 1] for n, s in zip(starts, sections, strict=True) if not s.derived] == [
        "# First",
        "## Second",
        "# Third",
    ]
    chunks = [(n, s) for n, s in zip(starts, sections, strict=True) if s.derived]
    assert chunks
    for n, chunk in chunks:
        assert lines[n - 1].startswith(chunk.body.split("\n")[0][:30])
    assert starts == sorted(starts)


def test_a_game_word_is_not_translated_by_its_stem_alone():
    # given: "summoned" → beckon, and "summon" is itself the game's word (creature → summon)
    table = parse_synonyms([("summoned", "beckon"), ("creature", "summon")])
    # when
    asked = search_terms("where do summons go", table)
    # then: "summons" stays itself; "creatures" is still found through its stem
    assert asked.concepts[0] == (("summons", 1.0),)
    assert search_terms("creatures", table).concepts == ((("summon", 1.0), ("creatures", 0.5)),)


def test_count_as_only_frames_a_question():
    # "does turning count as moving" asks about turning and moving, not the Count keyword
    assert search_terms("does turning my champion count as moving").typed == (
        "turning",
        "champion",
        "moving",
    )
    assert search_terms("do tokens count towards my chi").typed == ("tokens", "chi")
    # the keyword itself is still searched for
    assert search_terms("what does count do").typed == ("count",)


# --- plain text that lost its headings -------------------------------------------------------


def _headingless_book() -> str:
    """A scraped book with one rule a line and no headings: topics open by defining a term."""
    filler = [f"A kite of size {n} flies at height {n} over the field." for n in range(90)]
    return "\n".join(
        [
            "Loading...",
            "Loading...",
            "Players bring their own kites to a match.",
            *filler[:10],
            "Kite is a flying object made of paper.",
            "Kites fly only while the wind blows.",
            *filler[10:20],
            "The String zone is a public zone owned by a player.",
            "Strings may be tied together.",
            "The following pages discuss these topics:",
            *filler[20:50],
            "Gusts and Lulls",
            "Wind changes every turn, as the weather table says.",
            *filler[50:90],
            "Tangle N is a triggered ability which means: tie N strings together.",
            "Balance: This keyword compares the kites of both players.",
            "March 5th, 2025",
            "Added Tangle.",
        ]
    )


def test_a_book_without_headings_is_cut_at_its_terms_and_title_lines():
    # when
    sections = parse_rulebook(_headingless_book(), source_format=TEXT)
    # then: each topic is a section titled by the term it defines, or by its title line
    headings = [s.heading for s in sections if not s.derived]
    assert headings == [
        "Introduction",
        "Kite",
        "String zone",
        "Gusts and Lulls",
        "Tangle",
        "Balance",
    ]
    by_heading = {s.heading: s for s in sections}
    assert by_heading["Kite"].body.startswith("Kite is a flying object made of paper.")
    assert "Strings may be tied together." in by_heading["String zone"].body
    assert by_heading["Tangle"].titled_by_term
    assert not by_heading["Gusts and Lulls"].titled_by_term
    # a topic too long is cut into passages titled by it, never by their own first words
    assert all(s.heading.endswith("(continued)") for s in sections if s.derived)
    assert any(s.derived for s in sections)
    # the changelog is not a rule, nor the index of a web book's lost subpages, which ends a topic
    assert all("Added Tangle" not in s.body for s in sections)
    assert all("following pages" not in s.body for s in sections)
    assert "kite of size 20 " not in by_heading["String zone"].body
    assert [s.anchor for s in sections[:3]] == ["introduction", "kite", "string-zone"]


# Lines about kites that open no topic, to make a topic long.
KITE_LINES = [f"A kite of size {n} flies at height {n} over the field." for n in range(12)]


def _reel_book(*lines: str, filler: int = 12) -> list:
    """A headingless book: the reel's topic (made long by `filler` lines), then `lines`, then a
    text long enough to be cut into topics."""
    text = "\n".join(["The reel is a tool that winds the string.", *KITE_LINES[:filler], *lines])
    return parse_rulebook(text + "\n" + "\n".join(KITE_LINES * 12), source_format=TEXT)


def test_a_listed_item_opens_no_topic_and_a_subjects_list_opens_its_own():
    # given: a topic long enough that a statement about a new subject would open one
    # when
    sections = _reel_book(
        "At the end of the day, players go through the following steps.",
        "Loose strings are wound up.",
        "Torn kites are thrown away.",
        "Calm speed follows the following conventions:",
        "Players may only fly when the wind is calm.",
    )
    headings = [s.heading for s in sections if not s.derived]
    # then: the listed steps stay in the reel's topic, and the conventions are Calm speed's
    assert headings[headings.index("Reel") :] == ["Reel", "Calm speed"]
    by_heading = {s.heading: s for s in sections}
    assert "Loose strings are wound up." in by_heading["Reel"].body
    assert by_heading["Calm speed"].body.startswith("Calm speed follows")


def test_the_line_naming_a_characteristic_of_every_card_opens_its_topic():
    # given: a topic, then the rules of a characteristic every kite has
    # when
    sections = _reel_book(
        "All kites have a colour shown on their tail.",
        "The colour of a kite must match the sky for it to fly.",
        "Tail kites are not bound by colour rules.",
        filler=4,
    )
    by_heading = {s.heading: s for s in sections}
    # then: the colour rules are one topic, titled by the characteristic
    assert by_heading["Colour"].body.startswith("All kites have a colour")
    assert "Tail kites are not bound" in by_heading["Colour"].body
    assert "colour" not in by_heading["Reel"].body


def test_pages_about_a_phase_that_do_not_name_it_are_titled_by_the_turn_order():
    # given: a turn order, then pages of a web book whose titles the scrape lost; two of them
    # never name their phase, but say where the game goes next (Grand Archive's wake up, draw
    # and main phases)
    # when
    sections = _reel_book(
        "Turn order follows Launch, Climb, Glide, and Landing phases.",
        "Effects that last until the end of a phase end as it ends.",
        "The following pages discuss these topics:",
        "During this phase, each player unrolls the string of every kite they hold.",
        "When every string is unrolled, the game will attempt to move to the Climb phase.",
        "The climb phase is the phase in which every kite rises.",
        "First, each player lets out two arm lengths of string.",
        "Second, each player checks the wind.",
        "First, each player tilts their kite into the wind.",
        "After every kite has tilted, the game will move to the Landing phase.",
    )
    by_heading = {s.heading: s for s in sections}
    # then: each page is its phase's section, and the order its own
    assert by_heading["Turn order"].body.startswith("Turn order follows Launch")
    assert by_heading["Launch phase"].body.startswith("During this phase, each player unrolls")
    assert by_heading["Climb phase"].body.startswith("The climb phase is")
    assert "checks the wind" in by_heading["Climb phase"].body
    assert by_heading["Glide phase"].body.startswith("First, each player tilts")
    assert "Landing phase" not in by_heading


def test_a_section_titled_by_its_term_is_found_on_its_line():
    text = _headingless_book()
    sections = parse_rulebook(text, source_format=TEXT)
    lines = text.split("\n")
    for start, section in zip(section_lines(text, sections), sections, strict=True):
        if section.titled_by_term:
            assert lines[start - 1].startswith(section.body[:30]), section.heading


def test_a_plain_text_book_with_its_headings_is_cut_as_before():
    # given: numbered and title-line headings, nothing too long
    text = "1 Setup\nEach player takes ten kites.\n\n2 Flying\nKite is a toy.\nIt flies.\n"
    # when
    sections = parse_rulebook(text, source_format=TEXT)
    # then: a defined term inside a short section opens nothing
    assert [s.heading for s in sections] == ["1 Setup", "2 Flying"]


def test_a_snippet_shows_the_sentence_that_matched_not_the_sections_opening():
    # given: an opening whose sentences hold the question's words scattered (and say the
    # opposite), and a later sentence holding them together
    body = (
        "A player with no kites left loses. Wind changes. Each cost you pay is final. "
        + "Filler sentence about strings and reels. " * 6
        + "Gale: when a player has too few kites to pay the wind cost, they pay nothing."
    )
    # when
    snippet = make_snippet(body, ["kites", "pay", "wind", "cost"], words=20).as_text()
    weighted = make_snippet(
        body, ["kites", "reels"], words=20, weights={"reels": 5.0, "kites": 0.5}
    ).as_text()
    # then
    assert "too few" in snippet
    assert "loses" not in snippet
    assert weighted.startswith("… Filler sentence about strings and **reels**")
