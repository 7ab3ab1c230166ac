from klaverjas.core import Deal, Rules, lowest_card


def test_a_random_deal_plays_to_the_end() -> None:
    deal = Deal.new(Rules.parse("amsterdam"), 0, seed=1)
    while not deal.selection.done:
        deal.choose_trump(deal.selection.options()[0])
    while not deal.is_over:
        deal.play(lowest_card(deal.legal()))
    assert sum(deal.points) == 162
