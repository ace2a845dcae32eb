"""Trajan's component records: frozen dataclasses built by `catalog.py` from data/trajan.

State refers to every entry by its id (STYLE.md §2.3); these records carry the figures and
the English and Spanish names and texts.
"""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ActionDef:
    """One of the six actions, with its bowl (1-6) and extra-action space on the mat."""

    id: str
    bowl: int
    extra_space: int
    name: str
    name_es: str
    text: str
    text_es: str


@dataclass(frozen=True, slots=True)
class Colour:
    """An action-marker colour; `code` is the one letter used in state and tile pairs."""

    id: str
    code: str
    name: str
    name_es: str


@dataclass(frozen=True, slots=True)
class Province:
    """A province (or the military camp) with its VP and the provinces a leader may move to."""

    id: str
    name: str
    name_es: str
    vp: int
    adjacent: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Ship:
    """A ship tile: VP by shipment size (index 0 = one card or pair), front and grey sides."""

    id: str
    name: str
    name_es: str
    text: str
    text_es: str
    front: tuple[int, ...]
    grey: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Commodity:
    """A commodity card kind; `partner` shares its bonus tile."""

    id: str
    name: str
    name_es: str
    text: str
    text_es: str
    count: int
    partner: str


@dataclass(frozen=True, slots=True)
class TrajanCategory:
    """A Trajan-tile stack (1-6); `kept` tiles stay on the mat after fulfilment."""

    id: str
    stack: int
    name: str
    name_es: str
    kept: bool


@dataclass(frozen=True, slots=True)
class TrajanTile:
    """A Trajan tile: the two marker colours it needs, its VP and its named effect."""

    id: str
    category: str
    colours: str
    vp: int
    effect: str
    amount: int
    demand: str | None
    name: str
    name_es: str
    text: str
    text_es: str


@dataclass(frozen=True, slots=True)
class ForumTile:
    """A forum-tile kind (forum or yellow extra-action back) and how many copies exist."""

    id: str
    kind: str
    back: str
    count: int
    demand: str | None
    action: str | None
    votes: int
    name: str
    name_es: str
    text: str
    text_es: str


@dataclass(frozen=True, slots=True)
class Building:
    """A building type and the bonus action its first tile grants."""

    id: str
    name: str
    name_es: str
    bonus_action: str


@dataclass(frozen=True, slots=True)
class ConstructionTile:
    """A construction tile of one building type."""

    id: str
    building: str
    vp: int
    name: str
    name_es: str
    text: str
    text_es: str


@dataclass(frozen=True, slots=True)
class DemandTile:
    """A demand kind (bread, games, religion) and its copies."""

    id: str
    count: int
    name: str
    name_es: str
    text: str
    text_es: str


@dataclass(frozen=True, slots=True)
class BonusTile:
    """A bonus tile: how it scores at the end on its yellow and grey sides."""

    id: str
    scoring: str
    yellow: int
    grey: int
    grey_per: int
    commodities: tuple[str, ...]
    demand: str | None
    name: str
    name_es: str
    text: str
    text_es: str


@dataclass(frozen=True, slots=True)
class Figures:
    """Every rule number of board.toml, by name (lists are per player count 2/3/4 etc.)."""

    tokens_per_player: int
    markers_per_colour: int
    markers_per_bowl: int
    start_hand: int
    start_trajan_slots: tuple[int, ...]
    forum_spaces: tuple[int, ...]
    extra_action_spaces: int
    demands_removed_at_setup: int
    bonus_offer: int
    quarters: int
    demands_per_quarter: int
    time_cycle: tuple[int, ...]
    time_cycle_alt: tuple[int, ...]
    senate_vp: tuple[int, ...]
    senate_votes: tuple[int, ...]
    demand_penalty: tuple[int, ...]
    legionnaire_penalty: int
    construction_set_vp: tuple[int, ...]
    final_vp_card: int
    final_vp_worker_in_camp: int
    final_vp_legionnaire_in_camp: int
    final_vp_trajan_tile: int
    construction_grid: tuple[int, ...]
    port_draw: int
    display_max: int
    plus2_markers: int
    trajan_cards_drawn: int


@dataclass(frozen=True, slots=True)
class Catalog:
    """All of Trajan's components; state refers to entries by id."""

    actions: tuple[ActionDef, ...]
    colours: tuple[Colour, ...]
    figures: Figures
    provinces: tuple[Province, ...]
    ships: tuple[Ship, ...]
    commodities: tuple[Commodity, ...]
    categories: tuple[TrajanCategory, ...]
    trajan_tiles: tuple[TrajanTile, ...]
    forum_tiles: tuple[ForumTile, ...]
    buildings: tuple[Building, ...]
    construction_tiles: tuple[ConstructionTile, ...]
    demand_tiles: tuple[DemandTile, ...]
    bonus_tiles: tuple[BonusTile, ...]
    unverified: tuple[str, ...]
