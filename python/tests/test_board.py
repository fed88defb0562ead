"""Boards and turns as python-chess users expect them: `Turn` values, a `Board` that pushes
and pops, and a game's board, positions and mainline, compared with the command (`seega moves`,
`seega convert`) over every sample game."""

import copy
import json
import pickle

import pytest

import seega
from conftest import ROOT
from test_position import ILLEGAL

SAMPLES = sorted((ROOT / "samples").glob("*.sgn")) + sorted((ROOT / "samples" / "invalid").glob("*.sgn"))


def round_trip(value):
    return pickle.loads(pickle.dumps(value))


def sample_games():
    """Every game of the samples, as (path, game)."""
    return [(path, game) for path in SAMPLES for game in seega.read_games(path)]


GAMES = sample_games()


def game_id(item):
    path, game = item
    return f"{path.name}#{game.number}"


# Turns ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, kind, squares, start, steps",
    [
        ("a1,b1", "place", ["a1", "b1"], None, []),
        ("b1,a1", "place", ["b1", "a1"], None, []),
        ("--", "pass", [], None, []),
        ("b2-b3", "move", [], "b2", [("b3", [])]),
        ("c1-c2xc3xb2-d2", "move", [], "c1", [("c2", ["c3", "b2"]), ("d2", [])]),
    ],
)
def test_a_turn_read_from_notation_has_its_parts_and_writes_it_back(text, kind, squares, start, steps):
    turn = seega.Turn.from_string(text)
    assert (turn.kind, turn.squares, turn.from_square, turn.steps) == (kind, squares, start, steps)
    assert turn.captures == [c for _, caps in steps for c in caps]
    assert str(turn) == text
    assert eval(repr(turn), {"Turn": seega.Turn}) == turn


@pytest.mark.parametrize("text, code", [("zz", "seega::syntax::token"), ("1.", None), ("a1,b1!", None)])
def test_text_that_is_no_turn_is_refused_with_the_syntax_code(text, code):
    with pytest.raises(seega.IllegalTurn) as raised:
        seega.Turn.from_string(text)
    assert isinstance(raised.value, ValueError)
    assert raised.value.code.startswith("seega::syntax::")
    if code:
        assert raised.value.code == code


def test_turns_are_equal_and_hashed_by_value_and_pickle():
    a, b = seega.Turn.from_string("b2-b3xb4"), seega.Turn.from_string("b2-b3xb4")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != seega.Turn.from_string("b2-b3"), "the captures written count"
    assert seega.Turn.from_string("a1,b1") != seega.Turn.from_string("b1,a1")
    assert a != "b2-b3xb4"
    for turn in (a, seega.Turn.from_string("--"), seega.Turn.from_string("a1,b1")):
        assert round_trip(turn) == turn and copy.copy(turn) == turn and copy.deepcopy(turn) == turn


def test_every_listed_turn_reads_back_from_its_notation():
    for _, game in GAMES[:40]:
        try:
            positions = game.positions()
        except ValueError:
            continue
        for position in positions:
            for turn in position.legal_turns():
                assert seega.Turn.from_string(str(turn)) == turn


def test_play_and_push_take_a_turn_or_its_notation_and_nothing_else():
    start = seega.Position()
    turn = start.legal_turns()[0]
    assert start.play(turn) == start.play(str(turn))
    board = seega.Board()
    with pytest.raises(TypeError, match="turn must be a seega.Turn"):
        board.push(3)
    with pytest.raises(TypeError, match="turn must be a seega.Turn"):
        start.play(None)
    assert board.move_stack == []


# Boards --------------------------------------------------------------------------------------


def test_a_board_pushes_and_pops_turns_as_played():
    board = seega.Board.from_string("5/1b3/1w3/5/1b3 b")
    assert board.legal_turns() == seega.Position.from_string("5/1b3/1w3/5/1b3 b").legal_turns()
    played = board.push("b1-b2")
    assert played == seega.Turn.from_string("b1-b2xb3") == board.peek()
    assert board.move_stack == [played]
    assert str(board) == "5/1b3/5/1b3/5 w"
    assert board.is_over() and board.outcome() == ("capture-all", "black") and board.result() == "0-1"
    assert board.legal_turns() == []
    assert board.pop() == played
    assert str(board) == "5/1b3/1w3/5/1b3 b" and not board.is_over() and board.result() is None
    assert board.move_stack == []


def test_pop_and_peek_on_an_empty_stack_raise_index_error_naming_it():
    board = seega.Board()
    with pytest.raises(IndexError, match="pop from an empty move_stack"):
        board.pop()
    with pytest.raises(IndexError, match="peek at an empty move_stack"):
        board.peek()
    assert str(board) == "5/5/5/5/5 b 12/12"


@pytest.mark.parametrize(
    "setup, turn, code", ILLEGAL + [("5/1b3/1w3/5/1b3 b", "b1-b2xa2", None), (None, "zz", "seega::syntax::token")]
)
def test_an_illegal_push_raises_as_play_and_leaves_the_board_unchanged(setup, turn, code):
    if setup is None:
        board, position = seega.Board(), seega.Position()
    elif "/" in setup:
        board, position = seega.Board.from_string(setup), seega.Position.from_string(setup)
    else:
        board, position = seega.Board(), seega.Position().play(setup)
        board.push(setup)
    before = (str(board), board.move_stack, board.legal_turns(), board.side_to_move, board.phase)
    with pytest.raises(seega.IllegalTurn) as pushed:
        board.push(turn)
    with pytest.raises(seega.IllegalTurn) as played:
        position.play(turn)
    assert (pushed.value.code, pushed.value.message) == (played.value.code, played.value.message)
    assert code is None or pushed.value.code == code
    assert (str(board), board.move_stack, board.legal_turns(), board.side_to_move, board.phase) == before


def test_a_push_after_the_end_is_refused():
    board = seega.Board.from_string("5/1b3/1w3/5/1b3 b")
    board.push("b1-b2")
    with pytest.raises(seega.IllegalTurn) as raised:
        board.push("b2-b1")
    assert raised.value.code == "seega::turn::after-end"
    assert len(board.move_stack) == 1


def test_boards_are_equal_by_position_not_by_stack_and_not_hashable():
    a = seega.Board()
    a.push("a1,b1")
    b = seega.Board.from_string("5/5/5/5/bb3 w 10/12")
    assert a == b and a.move_stack != b.move_stack
    assert a != seega.Board() and a != seega.Board("ludii") and a != str(a)
    assert a.position() == b.position() == seega.Position().play("a1,b1")
    with pytest.raises(TypeError):
        hash(a)


def test_boards_pickle_and_copy_with_their_stack():
    board = seega.Board("seesa size=7")
    for turn in ("a1,b1", "a2,b2", "c1,c2"):
        board.push(turn)
    for other in (round_trip(board), board.copy(), copy.copy(board), copy.deepcopy(board)):
        assert other == board and other.move_stack == board.move_stack
        assert other.rules == board.rules == seega.Position("seesa size=7").rules
        assert other.root() == board.root() == seega.Board("seesa size=7")
    fresh = board.copy(stack=False)
    assert fresh == board and fresh.move_stack == [] and fresh.root() == board
    last = board.copy(stack=1)
    assert last.move_stack == board.move_stack[-1:] and last.root() == seega.Board.from_string(
        str(seega.Position("seesa size=7").play("a1,b1").play("a2,b2")), rules="seesa size=7"
    )
    copied = board.copy()
    copied.pop()
    assert len(board.move_stack) == 3 and len(copied.move_stack) == 2
    with pytest.raises(ValueError, match="stack is -1"):
        board.copy(stack=-1)


def test_a_board_repr_evaluates_to_an_equal_board():
    board = seega.Board.from_position(seega.Position("ludii").play("a1,b1"))
    again = eval(repr(board), {"Board": seega.Board})
    assert again == board and again.rules == board.rules and str(again) == str(board)


# Games and the command -----------------------------------------------------------------------


def moves_lines(cli, path, number):
    out = cli("moves", "--all", "--format", "jsonl", "--game", number, path)
    return [json.loads(line) for line in out.splitlines()]


@pytest.mark.parametrize("item", GAMES, ids=game_id)
def test_each_position_of_a_game_has_the_legal_turns_of_seega_moves(cli, item):
    path, game = item
    lines = moves_lines(cli, path, game.number)
    if not lines:
        with pytest.raises(ValueError, match=f"game {game.number} cannot be set up"):
            game.board()
        return
    board = game.board()
    stack = board.move_stack
    assert len(stack) == len(lines) - 1 == game.check().legal_turns
    board = board.root()
    for k, line in enumerate(lines):
        assert str(board) == line["position"], f"turn {k}"
        assert [str(t) for t in board.legal_turns()] == line["turns"], f"turn {k}"
        assert board.side_to_move == line["to_move"] and board.phase == line["phase"]
        if k < len(stack):
            board.push(stack[k])


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_the_last_position_of_a_game_is_its_final_and_the_commands(cli, path):
    objects = [json.loads(line) for line in cli("convert", "--to", "jsonl", path).splitlines()]
    games = list(seega.read_games(path))
    assert len(games) == len(objects)
    for game, obj in zip(games, objects):
        if obj["final"] is None:
            with pytest.raises(ValueError):
                game.positions()
            continue
        positions = game.positions()
        assert len(positions) == game.check().legal_turns
        last = positions[-1] if positions else game.board().root().position()
        assert str(last) == game.final == obj["final"] == str(game.board())
        assert last == game.board().position()


@pytest.mark.parametrize("item", GAMES, ids=game_id)
def test_push_and_pop_round_trip_over_every_sample_game(item):
    _, game = item
    try:
        board = game.board()
    except ValueError:
        return
    positions = game.positions()
    turns = game.mainline_turns()
    assert board.move_stack == turns
    assert turns == [t.turn for t in game.mainline() if t.legal]
    assert [str(t) for t in turns] == [t.notation for t in game.turns if t.legal]
    # Pop every turn: each pop gives back the turn and the position before it.
    for k in reversed(range(len(turns))):
        assert board.position() == positions[k]
        assert board.pop() == turns[k]
    assert board == board.root() and board.move_stack == []
    # Push them again, as played and as written.
    written = [t.notation for t in game.mainline() if t.legal]
    for k, turn in enumerate(written):
        assert board.push(turn) == turns[k]
        assert board.position() == positions[k]
    assert board == game.board() and board.move_stack == turns
    assert round_trip(board).move_stack == turns and round_trip(board) == board


def test_an_invalid_games_board_stops_before_its_first_illegal_turn():
    (game,) = seega.parse("1. a1,b1 c3,d4 a2,b2 *\n")
    board = game.board()
    assert [str(t) for t in board.move_stack] == ["a1,b1"] == [str(t) for t in game.mainline_turns()]
    assert [t.legal for t in game.mainline()] == [True, False, False]
    assert game.mainline()[1].turn == seega.Turn.from_string("c3,d4")
    assert [str(p) for p in game.positions()] == ["5/5/5/5/bb3 w 10/12"] == [game.final]


def test_a_game_that_cannot_be_set_up_has_no_board():
    (game,) = seega.parse('[Rules "no such rules"]\n\n1. a1,b1 *\n')
    assert game.final is None
    for method in (game.board, game.positions, game.mainline_turns):
        with pytest.raises(ValueError, match="game 1 cannot be set up: .*seega::"):
            method()
    assert [t.legal for t in game.mainline()] == [False]


def test_a_game_from_a_position_tag_starts_its_board_there():
    (game,) = seega.parse('[Position "5/1b3/1w3/5/1b3 b"]\n\n1. b1-b2 0-1\n')
    board = game.board()
    assert str(board.root()) == "5/1b3/1w3/5/1b3 b"
    assert [str(t) for t in board.move_stack] == ["b1-b2xb3"]
    assert board.is_over() and board.result() == "0-1" == game.result


def test_recorded_turns_pickle_with_their_value():
    _, game = GAMES[0]
    for turn in game.mainline():
        again = round_trip(turn)
        assert again == turn and again.turn == turn.turn and isinstance(again, seega.RecordedTurn)


def test_a_game_from_a_board_is_the_board_written_down():
    """Game.from_board writes the board's game through the library: it checks valid, holds
    the headers given and those the game calls for, and replays to the same board."""
    board = seega.Board.from_string("5/1b3/1w3/5/1b3 b")
    board.push("b1-b2")
    headers = {"Event": "Club night", "Black": "Ama", "Result": "1-0", "Bad name": "x"}
    game = seega.Game.from_board(board, headers)
    assert game.check().valid
    tags = game.headers
    assert tags["Event"] == "Club night" and tags["Black"] == "Ama"
    assert tags["Result"] == "0-1" and tags["Position"] == "5/1b3/1w3/5/1b3 b"
    assert "Bad name" not in tags and game.result == "0-1"
    assert game.board() == board and game.mainline_turns() == board.move_stack
    empty = seega.Game.from_board(seega.Board())
    assert empty.check().valid and empty.result == "*" and "Position" not in empty.headers
    with pytest.raises(TypeError):
        seega.Game.from_board(board, {"Event": 1})



def test_copy_and_from_board_word_their_argument_errors():
    board = seega.Board()
    board.push("a1,b1")
    assert board.copy(stack=2**80).move_stack == board.move_stack
    with pytest.raises(ValueError, match="stack is -1"):
        board.copy(stack=-1)
    with pytest.raises(TypeError, match="stack must be a bool or an int, not float"):
        board.copy(stack=1.5)
    with pytest.raises(TypeError, match="headers must map str to str, not str to int"):
        seega.Game.from_board(board, {"Event": 1})
