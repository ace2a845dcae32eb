from engine.leagues.divisions import cut, division_count, promote


def test_one_division_until_there_are_more_players_than_it_holds():
    assert division_count(8, 8) == 1
    assert division_count(30, None) == 1
    assert division_count(11, 8) == 1
    assert division_count(12, 8) == 2
    assert division_count(20, 8) == 3


def test_cut_fills_upper_divisions_and_the_bottom_takes_the_rest():
    assert [len(d) for d in cut(list(range(20)), 8)] == [8, 8, 4]
    assert [len(d) for d in cut(list(range(23)), 8)] == [8, 8, 7]
    assert cut([1, 2, 3], None) == [[1, 2, 3]]


def test_top_two_go_up_and_bottom_two_go_down():
    finals = [[1, 2, 3, 4, 5, 6, 7, 8], [11, 12, 13, 14, 15, 16, 17, 18]]
    nxt = promote(finals, 2, leaving=[], newcomers=[], size=8)
    assert nxt == [[1, 2, 3, 4, 5, 6, 11, 12], [7, 8, 13, 14, 15, 16, 17, 18]]


def test_leavers_drop_out_and_newcomers_join_at_the_bottom():
    finals = [[1, 2, 3, 4, 5, 6, 7, 8], [11, 12, 13, 14, 15, 16]]
    nxt = promote(finals, 1, leaving={3}, newcomers=[21, 22], size=8)
    assert nxt == [[1, 2, 4, 5, 6, 7, 11, 8], [12, 13, 14, 15, 16, 21, 22]]
