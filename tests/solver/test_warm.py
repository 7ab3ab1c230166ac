from klaverjas.solver import Position, solve
from klaverjas.solver.warm import _HOPELESS, warm


def test_warm_up_solves_and_its_deal_is_nat_on_every_card() -> None:
    assert warm() >= 0
    result = solve(Position.from_json(_HOPELESS))
    # Nat: the defenders score all 162 points and every roem; so the nat searches were compiled too.
    assert len(result.cards) == 8
    assert all(v <= -162 and (-v - 162) % 10 == 0 for v in result.cards.values())
