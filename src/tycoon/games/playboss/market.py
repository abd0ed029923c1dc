"""The market: price zones of dimples holding products (Playboss I, "Preparation for Play").

The market is a list of how many products lie in each zone, cheapest zone first. Buying takes
from the cheapest occupied zone upward (Decision 1); selling and returning products fill the
dearest empty dimple first (Decision 4, "Repurchase Value").
"""

from __future__ import annotations

from tycoon.games.playboss.data import Rules


def initial_market(rules: Rules, businesses: int) -> tuple[list[int], int]:
    """The filled market at the start, and how many products stay outside play.

    Playboss I, "Preparation for Play": with fewer than 5 players only half the market is
    filled; the zones from 150 to 300 Marks remain empty.
    """
    zones = []
    for price in rules.zone_prices:
        empty = businesses < rules.few_players and price <= rules.empty_up_to
        zones.append(0 if empty else rules.dimples)
    return zones, rules.products - sum(zones)


def purchase_cost(zones: list[int], prices: tuple[int, ...], count: int) -> int:
    """What ``count`` products cost, taken from the cheapest occupied zone upward."""
    cost = 0
    left = count
    for price, n in zip(prices, zones, strict=True):
        take = min(n, left)
        cost += take * price
        left -= take
        if not left:
            break
    if left:
        raise ValueError(f"the market holds only {sum(zones)} products")
    return cost


def max_purchase(zones: list[int], prices: tuple[int, ...], cash: int) -> int:
    """The most products ``cash`` buys."""
    count = 0
    for price, n in zip(prices, zones, strict=True):
        if not n:
            continue
        can = min(n, cash // price)
        count += can
        cash -= can * price
        if can < n:
            break
    return count


def last_zone(zones: list[int], count: int) -> int:
    """The zone the ``count``-th product taken (cheapest zone first) comes from."""
    for i, n in enumerate(zones):
        if count <= n:
            return i
        count -= n
    raise ValueError(f"the market holds only {sum(zones)} products")


def take(zones: list[int], count: int) -> None:
    """Remove ``count`` products, cheapest zone first."""
    for i, n in enumerate(zones):
        t = min(n, count)
        zones[i] -= t
        count -= t
        if not count:
            return


def place(zones: list[int], dimples: int, count: int) -> list[int]:
    """Put ``count`` products into the dearest empty dimples; return the zone of each."""
    used: list[int] = []
    left = count
    # Each zone's empty dimples filled at once, not one product at a time: the bots price
    # sales with this at many decisions (sale_prices).
    for i in range(len(zones) - 1, -1, -1):
        if left <= 0:
            break
        room = dimples - zones[i]
        if room > 0:
            n = room if room < left else left
            zones[i] += n
            used += [i] * n
            left -= n
    if left > 0:
        raise ValueError("the market has no empty dimple left")
    return used


def empty_dimples(zones: list[int], dimples: int) -> int:
    return dimples * len(zones) - sum(zones)


def sale_price(rules: Rules, zone: int, advertising: bool) -> int:
    """Decision 4: what a finished product placed in ``zone`` brings: ten times its zone price,
    or with an advertising campaign the next higher price, at most 5,000."""
    prices = rules.zone_prices
    if advertising:
        return min(rules.sale_multiplier * prices[min(zone + 1, len(prices) - 1)], rules.advertising_cap)
    return rules.sale_multiplier * prices[zone]


def sale_prices(zones: list[int], rules: Rules, count: int, advertising: bool = False) -> list[int]:
    """What each of ``count`` finished products sold now would bring (``sale_price``): one
    price an empty dimple, dearest first, for as many as there are empty dimples."""
    filled = place(zones.copy(), rules.dimples, min(count, empty_dimples(zones, rules.dimples)))
    return [sale_price(rules, z, advertising) for z in filled]
