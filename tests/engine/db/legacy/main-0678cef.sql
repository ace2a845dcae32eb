BEGIN TRANSACTION;
CREATE TABLE consents (
    request_id INTEGER NOT NULL REFERENCES requests (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    agree INTEGER NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (request_id, user_id)
);
INSERT INTO "consents" VALUES(1,11,1,'2026-03-02T12:30:00.000000+00:00');
INSERT INTO "consents" VALUES(2,11,1,'2026-03-02T13:00:00.000000+00:00');
CREATE TABLE games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id INTEGER,
    channel_id INTEGER,
    thread_id INTEGER,
    lobby_message_id INTEGER,
    board_message_id INTEGER,
    ping_message_id INTEGER,
    game TEXT NOT NULL,
    options TEXT NOT NULL DEFAULT '{}',
    max_seats INTEGER NOT NULL,
    creator_id INTEGER NOT NULL,
    seed INTEGER,
    seat_order TEXT NOT NULL DEFAULT 'random' CHECK (seat_order IN ('random', 'join')),
    status TEXT NOT NULL DEFAULT 'lobby'
        CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    state TEXT,
    -- The stale-click token: +1 on every move and every undo, never going back.
    version INTEGER NOT NULL DEFAULT 0,
    move_seconds INTEGER,             -- NULL: no time control
    reminders TEXT NOT NULL DEFAULT '[]',  -- seconds before the deadline
    policy TEXT NOT NULL DEFAULT 'stand_in' CHECK (policy IN ('stand_in', 'forfeit')),
    language TEXT NOT NULL DEFAULT 'en',
    turn_seat INTEGER,                -- the seat the game waits on
    turn_since TEXT,
    deadline TEXT,
    result TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
INSERT INTO "games" VALUES(1,5,50,NULL,NULL,NULL,NULL,'troyes','{"extra_components": "off", "new_activities": "off", "new_characters": "off", "new_events": "off", "purple_die": "off", "reveal_character": "off", "tournament": "off", "walls": "off"}',3,11,41,'join','active','{"activity": ["red_i_unknown", "mercenary", "joust", "tithing", "templar", "glassmaker", "artisan", "innkeeper", "goldsmith"], "black": [], "buildings": [[0, 1, 1, 0, 0, 1], [null, null, null, 2, null, null], [2, 2, null, null, 2, null]], "card_cubes": {"artisan": [0, 0, 0], "glassmaker": [0, 0, 0], "goldsmith": [0, 0, 0], "innkeeper": [0, 0, 0], "joust": [0, 0, 0], "mercenary": [0, 0, 0], "red_i_unknown": [0, 0, 0], "templar": [0, 0, 0], "tithing": [0, 0, 0]}, "cathedral": [[], [], []], "characters": [["urbain_iv"], ["hugues_de_payns"], ["chretien_de_troyes"]], "craftsmen": {"artisan": [null, null, null, null], "glassmaker": [null, null, null, null], "goldsmith": [null, null, null, null], "innkeeper": [null, null, null, null], "joust": [null, null, null, null], "mercenary": [null, null, null, null], "red_i_unknown": [null, null, null, null], "templar": [null, null, null, null], "tithing": [null, null, null, null]}, "decks": {"red": ["red_event_a", "red_event_e", "red_event_d", "red_event_c", "war"], "white": ["excommunication", "white_event_a", "white_event_b", "heresy"], "yellow": ["neutral_arrival", "drought", "succession_conflict", "yellow_event_b"]}, "declined": [], "deniers": [5, 5, 5], "direction": 1, "districts": [[], [], [], []], "event_cubes": {"marauding": [0, 0, 0]}, "game": "troyes", "guards": [], "influence": [4, 4, 4], "kind": "start", "lying": [[], [], []], "neutral_supply": 8, "offers": [], "options": {"extra_components": "off", "new_activities": "off", "new_characters": "off", "new_events": "off", "purple_die": "off", "reveal_character": "off", "tournament": "off", "walls": "off"}, "outer": [], "outer_cubes": {}, "passed": [false, false, false], "phase": "setup", "placing": [1, 0, 0, 1, 2], "plan": {"action": "", "back": "", "bonus": "", "count": 0, "cube": "", "dice": [], "left": 0, "mode": "", "source": "", "target": ""}, "pot": [0, 0, 0], "queue": ["marauding"], "reactions": [], "revealed": [], "round": 0, "rounds": 5, "schema": 2, "seats": 3, "seed": 41, "shield": [], "start": 0, "supply": [2, 2, 1], "turn": 1, "version": 10, "vp": [0, 0, 0], "won": [[], [], []]}',10,86400,'[21600]','stand_in','en',1,'2026-03-02T12:30:00.000000+00:00','2026-03-03T12:30:00.000000+00:00',NULL,'2026-03-02T12:00:00.000000+00:00','2026-03-02T12:30:00.000000+00:00');
INSERT INTO "games" VALUES(2,5,50,NULL,NULL,NULL,NULL,'trajan','{"bowl_colours": "any", "time_track": "ih"}',2,11,42,'join','active','{"bonus_bag": ["goods_scrolls_oil", "goods_cattle_wheat", "goods_jewelry_gems", "goods_fruit_ceramics", "demand_bread", "demand_games", "demand_religion", "goods_columns_furs"], "bonus_offer": ["legionnaires", "goods_wine_fish"], "clock": 2, "current": 1, "cycle": 11, "deck": ["columns", "columns", "gems", "fruit", "cattle", "scrolls", "columns", "ceramics", "fruit", "ceramics", "wheat", "wine", "oil", "ceramics", "oil", "gems", "wine", "wine", "oil", "scrolls", "jewelry", "cattle", "wheat", "fruit", "oil", "furs", "columns", "columns", "furs", "gems", "fish", "wheat", "wine", "fish", "gems", "gems", "scrolls", "furs", "jewelry", "furs", "cattle", "wheat", "ceramics", "jewelry", "furs", "wheat", "scrolls", "fruit", "jewelry", "fish", "fish", "fish", "cattle", "fruit", "ceramics", "wine", "jewelry", "cattle"], "demand_pile": ["games", "games", "games", "games", "games", "religion", "religion", "religion", "religion", "bread", "bread", "religion"], "demands_removed": ["bread", "bread", "bread"], "demands_shown": [], "discards": [["oil"], ["scrolls"]], "extra_pile": ["extra_forum", "extra_trajan", "extra_senate", "extra_military", "extra_trajan", "extra_forum", "extra_seaport", "extra_construction", "extra_senate"], "extra_used": false, "extras": ["extra_seaport", "extra_construction", "extra_military"], "forum": ["wild_commodity", "wild_construction", "bread", "senate_5", "religion", "bread"], "forum_pile": ["bread", "wild_commodity", "action_military", "bread", "games", "games", "bread", "action_forum", "games", "games", "games", "religion", "religion", "senate_5", "games", "action_construction", "bread", "religion", "senate_2", "games", "wild_construction", "senate_3", "religion", "games", "religion", "religion", "games", "senate_3", "senate_4", "religion", "wild_demand", "bread", "religion", "religion", "senate_5", "religion", "bread", "religion", "wild_demand", "wild_action", "wild_action", "senate_3", "senate_4", "games", "senate_2", "action_trajan", "wild_commodity", "bread", "bread", "games", "games", "bread", "bread", "games"], "game": "trajan", "in_hand": "", "options": [["bowl_colours", "any"], ["time_track", "ih"]], "pending": {"kind": "setup_bowl", "seat": 1}, "phase": "setup_bowl", "picks": [], "players": [{"arch": 0, "bonus": ["workers"], "bonus_grey": [], "bowls": ["BB", "YY", "GG", "OO", "PP", "WW"], "buildings": [], "demands": [], "display": [], "forum": [], "hand": [], "leader": "camp", "legionnaires": 1, "plus2": [], "provinces": [], "senate": 0, "sites": [], "slots": [null, null, null, null, null, null], "stamp": 1, "supply": 13, "vp": 0, "vp_by": [0, 0, 0, 0, 0, 0], "workers": 1}, {"arch": 0, "bonus": ["bonus_tiles"], "bonus_grey": [], "bowls": ["BB", "", "", "", "", ""], "buildings": [], "demands": [], "display": [], "forum": [], "hand": [], "leader": "camp", "legionnaires": 1, "plus2": [], "provinces": [], "senate": 0, "sites": [], "slots": [null, null, null, null, null, null], "stamp": 2, "supply": 13, "vp": 0, "vp_by": [0, 0, 0, 0, 0, 0], "workers": 1}], "province_tiles": ["religion", "action_senate", "bread", "bread", "wild_demand", "action_seaport", "religion", "games", "senate_4", "senate_2"], "q_need": [], "q_seat": -1, "q_unmet": 0, "quarter": 0, "removed": [], "round_over": false, "schema": 1, "seats": 2, "seed": 42, "ship": -1, "ships": [true, true, true], "sites": ["door_4", "window_2", "roof_5", "window_5", "window_4", "door_3", "fountain_4", "steps_5", "roof_2", "door_2", "roof_3", "steps_3", "window_3", "steps_4", "roof_4", "steps_2", "fountain_3", "fountain_2", "fountain_5", "door_5"], "sow_bowl": 0, "stacks": [["cards_oy", "cards_bo", "cards_oo", "cards_wb", "cards_pw", "cards_yy", "cards_bb", "cards_yg", "cards_gp"], ["plus2_pp", "plus2_gw", "plus2_op", "plus2_yp", "plus2_wp", "plus2_ww", "plus2_pw", "plus2_gp", "plus2_bp"], ["vp9_gg", "vp9_bw", "vp9_yw", "vp9_bb", "vp9_oo", "vp9_ow", "vp9_pp", "vp9_yy", "vp9_ww"], ["workers2_oo", "workers1_yo", "workers2_yy", "workers2_oy", "workers1_wo", "workers1_go", "workers1_po", "workers1_bg", "workers2_by"], ["legion2_py", "legion1_bb", "legion1_pb", "legion2_gy", "legion1_gb", "legion1_yb", "legion2_wy", "legion2_ob", "legion1_wb"], ["demand_games_pg", "demand_games_gg", "demand_religion_ww", "demand_religion_bo", "demand_bread_pp", "demand_religion_wg", "demand_bread_gg", "demand_bread_og", "demand_games_yg"]], "target": -1, "time": 0, "todo": [], "version": 6}',6,86400,'[21600]','stand_in','en',1,'2026-03-02T12:55:00.000000+00:00','2026-03-03T13:00:00.000000+00:00',NULL,'2026-03-02T12:30:00.000000+00:00','2026-03-02T13:00:00.000000+00:00');
INSERT INTO "games" VALUES(3,5,50,NULL,NULL,NULL,NULL,'trajan','{"bowl_colours": "any", "time_track": "ih"}',4,13,NULL,'random','lobby',NULL,0,NULL,'[]','stand_in','en',NULL,NULL,NULL,NULL,'2026-03-02T13:00:00.000000+00:00','2026-03-02T13:00:00.000000+00:00');
INSERT INTO "games" VALUES(4,5,50,NULL,NULL,NULL,NULL,'troyes','{"extra_components": "off", "new_activities": "off", "new_characters": "off", "new_events": "off", "purple_die": "off", "reveal_character": "off", "tournament": "off", "walls": "off"}',4,14,NULL,'random','abandoned',NULL,0,NULL,'[]','stand_in','en',NULL,NULL,NULL,NULL,'2026-03-02T13:00:00.000000+00:00','2026-03-02T13:00:00.000000+00:00');
INSERT INTO "games" VALUES(5,7,700,NULL,NULL,NULL,NULL,'trajan','{"bowl_colours": "any", "time_track": "ih"}',4,26,43,'join','active','{"bonus_bag": ["goods_scrolls_oil", "goods_columns_furs", "goods_fruit_ceramics", "bonus_tiles", "demand_religion", "demand_bread"], "bonus_offer": ["legionnaires", "goods_jewelry_gems"], "clock": 4, "current": 0, "cycle": 21, "deck": ["fish", "gems", "columns", "furs", "scrolls", "cattle", "gems", "oil", "wheat", "cattle", "wine", "furs", "jewelry", "columns", "fish", "ceramics", "ceramics", "ceramics", "oil", "ceramics", "wheat", "fish", "gems", "wine", "furs", "jewelry", "fruit", "jewelry", "wheat", "columns", "fruit", "cattle", "furs", "jewelry", "furs", "wine", "fruit", "oil", "gems", "wine", "jewelry", "wheat", "cattle", "scrolls", "ceramics", "fish", "oil", "scrolls", "fish", "wine", "columns", "fruit", "fruit", "columns", "scrolls", "gems", "cattle", "wheat"], "demand_pile": ["religion", "games", "religion", "bread", "religion", "bread", "bread", "games", "religion", "games", "bread", "games"], "demands_removed": ["games", "religion", "bread"], "demands_shown": [], "discards": [["scrolls"], ["oil"]], "extra_pile": ["extra_forum", "extra_forum", "extra_military", "extra_seaport", "extra_seaport", "extra_senate", "extra_trajan", "extra_trajan", "extra_construction"], "extra_used": false, "extras": ["extra_construction", "extra_senate", "extra_military"], "forum": ["bread", "games", "senate_5", "bread", "religion", "senate_3", "bread", "bread", "religion", "bread", "wild_demand", "religion"], "forum_pile": ["games", "religion", "wild_demand", "games", "games", "games", "action_seaport", "senate_3", "senate_2", "games", "senate_4", "religion", "bread", "games", "wild_commodity", "action_forum", "action_trajan", "religion", "games", "religion", "senate_4", "wild_demand", "wild_action", "games", "games", "wild_action", "bread", "senate_4", "religion", "bread", "wild_construction", "games", "religion", "religion", "bread", "bread", "religion", "bread", "games", "games", "religion", "religion", "action_senate", "wild_commodity", "bread", "action_construction", "senate_2", "action_military"], "game": "trajan", "in_hand": "", "options": [["bowl_colours", "any"], ["time_track", "ih"]], "pending": {"kind": "setup_bowl", "seat": 0}, "phase": "setup_bowl", "picks": [], "players": [{"arch": 0, "bonus": ["goods_cattle_wheat"], "bonus_grey": [], "bowls": ["", "", "", "", "", ""], "buildings": [], "demands": [], "display": [], "forum": [], "hand": [], "leader": "camp", "legionnaires": 1, "plus2": [], "provinces": [], "senate": 0, "sites": [], "slots": [null, null, null, null, null, null], "stamp": 1, "supply": 13, "vp": 0, "vp_by": [0, 0, 0, 0, 0, 0], "workers": 1}, {"arch": 0, "bonus": ["workers"], "bonus_grey": [], "bowls": ["", "", "", "", "", ""], "buildings": [], "demands": [], "display": [], "forum": [], "hand": [], "leader": "camp", "legionnaires": 1, "plus2": [], "provinces": [], "senate": 0, "sites": [], "slots": [null, null, null, null, null, null], "stamp": 2, "supply": 13, "vp": 0, "vp_by": [0, 0, 0, 0, 0, 0], "workers": 1}, {"arch": 0, "bonus": ["goods_wine_fish"], "bonus_grey": [], "bowls": ["", "", "", "", "", ""], "buildings": [], "demands": [], "display": [], "forum": [], "hand": [], "leader": "camp", "legionnaires": 1, "plus2": [], "provinces": [], "senate": 0, "sites": [], "slots": [null, null, null, null, null, null], "stamp": 3, "supply": 13, "vp": 0, "vp_by": [0, 0, 0, 0, 0, 0], "workers": 1}, {"arch": 0, "bonus": ["demand_games"], "bonus_grey": [], "bowls": ["", "", "", "", "", ""], "buildings": [], "demands": [], "display": [], "forum": [], "hand": [], "leader": "camp", "legionnaires": 1, "plus2": [], "provinces": [], "senate": 0, "sites": [], "slots": [null, null, null, null, null, null], "stamp": 4, "supply": 13, "vp": 0, "vp_by": [0, 0, 0, 0, 0, 0], "workers": 1}], "province_tiles": ["senate_3", "bread", "wild_construction", "bread", "games", "senate_5", "senate_2", "senate_5", "wild_commodity", "religion"], "q_need": [], "q_seat": -1, "q_unmet": 0, "quarter": 0, "removed": [], "round_over": false, "schema": 1, "seats": 4, "seed": 43, "ship": -1, "ships": [true, true, true], "sites": ["window_4", "fountain_4", "steps_2", "door_2", "fountain_5", "steps_5", "door_5", "roof_5", "roof_4", "door_3", "steps_3", "fountain_3", "door_4", "window_5", "window_3", "window_2", "roof_2", "roof_3", "steps_4", "fountain_2"], "sow_bowl": 0, "stacks": [["cards_pw", "cards_wb", "cards_bb", "cards_bo", "cards_yg", "cards_yy", "cards_oy", "cards_oo", "cards_gp"], ["plus2_bp", "plus2_gw", "plus2_pw", "plus2_op", "plus2_wp", "plus2_gp", "plus2_yp", "plus2_pp", "plus2_ww"], ["vp9_yy", "vp9_bw", "vp9_bb", "vp9_ow", "vp9_ww", "vp9_oo", "vp9_pp", "vp9_gg", "vp9_yw"], ["workers1_po", "workers1_wo", "workers2_oy", "workers2_oo", "workers2_yy", "workers1_bg", "workers1_yo", "workers1_go", "workers2_by"], ["legion1_gb", "legion2_py", "legion2_gy", "legion1_wb", "legion2_wy", "legion1_bb", "legion2_ob", "legion1_pb", "legion1_yb"], ["demand_religion_bo", "demand_games_yg", "demand_bread_pp", "demand_bread_gg", "demand_religion_ww", "demand_games_gg", "demand_games_pg", "demand_bread_og", "demand_religion_wg"]], "target": -1, "time": 0, "todo": [], "version": 0}',0,259200,'[43200]','stand_in','en',0,'2026-03-02T18:01:00.000000+00:00','2026-03-05T18:01:00.000000+00:00',NULL,'2026-03-02T18:01:00.000000+00:00','2026-03-02T18:01:00.000000+00:00');
INSERT INTO "games" VALUES(6,7,700,NULL,NULL,NULL,NULL,'trajan','{"bowl_colours": "any", "time_track": "ih"}',3,25,44,'join','active','{"bonus_bag": ["goods_scrolls_oil", "bonus_tiles", "goods_wine_fish", "goods_jewelry_gems", "goods_cattle_wheat", "legionnaires", "demand_religion"], "bonus_offer": ["goods_columns_furs", "demand_games"], "clock": 3, "current": 0, "cycle": 16, "deck": ["scrolls", "scrolls", "columns", "scrolls", "fruit", "ceramics", "furs", "fruit", "wheat", "wheat", "wheat", "ceramics", "ceramics", "scrolls", "cattle", "furs", "scrolls", "columns", "fruit", "cattle", "cattle", "ceramics", "oil", "oil", "furs", "furs", "columns", "fish", "furs", "columns", "oil", "gems", "wine", "oil", "gems", "gems", "jewelry", "jewelry", "fish", "jewelry", "fish", "ceramics", "wheat", "wine", "fruit", "fish", "jewelry", "oil", "wine", "columns", "wheat", "wine", "fruit", "cattle", "wine", "fish", "jewelry", "gems"], "demand_pile": ["religion", "bread", "religion", "games", "games", "games", "religion", "games", "games", "bread", "bread", "religion"], "demands_removed": ["bread", "bread", "religion"], "demands_shown": [], "discards": [["cattle"], ["gems"]], "extra_pile": ["extra_seaport", "extra_forum", "extra_construction", "extra_military", "extra_trajan", "extra_senate", "extra_construction", "extra_forum", "extra_senate"], "extra_used": false, "extras": ["extra_seaport", "extra_military", "extra_trajan"], "forum": ["religion", "games", "religion", "action_senate", "games", "senate_5", "games", "bread", "religion"], "forum_pile": ["wild_construction", "senate_2", "senate_4", "bread", "games", "wild_action", "action_seaport", "action_trajan", "religion", "bread", "bread", "games", "wild_demand", "senate_2", "religion", "wild_demand", "religion", "senate_2", "games", "bread", "religion", "religion", "games", "bread", "bread", "games", "bread", "games", "bread", "wild_commodity", "wild_construction", "bread", "bread", "religion", "religion", "games", "bread", "senate_5", "senate_5", "religion", "wild_demand", "games", "religion", "bread", "bread", "action_forum", "senate_3", "wild_commodity", "games", "religion", "senate_3"], "game": "trajan", "in_hand": "", "options": [["bowl_colours", "any"], ["time_track", "ih"]], "pending": {"kind": "setup_bowl", "seat": 0}, "phase": "setup_bowl", "picks": [], "players": [{"arch": 0, "bonus": ["demand_bread"], "bonus_grey": [], "bowls": ["", "", "", "", "", ""], "buildings": [], "demands": [], "display": [], "forum": [], "hand": [], "leader": "camp", "legionnaires": 1, "plus2": [], "provinces": [], "senate": 0, "sites": [], "slots": [null, null, null, null, null, null], "stamp": 1, "supply": 13, "vp": 0, "vp_by": [0, 0, 0, 0, 0, 0], "workers": 1}, {"arch": 0, "bonus": ["workers"], "bonus_grey": [], "bowls": ["", "", "", "", "", ""], "buildings": [], "demands": [], "display": [], "forum": [], "hand": [], "leader": "camp", "legionnaires": 1, "plus2": [], "provinces": [], "senate": 0, "sites": [], "slots": [null, null, null, null, null, null], "stamp": 2, "supply": 13, "vp": 0, "vp_by": [0, 0, 0, 0, 0, 0], "workers": 1}, {"arch": 0, "bonus": ["goods_fruit_ceramics"], "bonus_grey": [], "bowls": ["", "", "", "", "", ""], "buildings": [], "demands": [], "display": [], "forum": [], "hand": [], "leader": "camp", "legionnaires": 1, "plus2": [], "provinces": [], "senate": 0, "sites": [], "slots": [null, null, null, null, null, null], "stamp": 3, "supply": 13, "vp": 0, "vp_by": [0, 0, 0, 0, 0, 0], "workers": 1}], "province_tiles": ["senate_3", "action_construction", "religion", "wild_action", "senate_4", "games", "games", "wild_commodity", "action_military", "senate_4"], "q_need": [], "q_seat": -1, "q_unmet": 0, "quarter": 0, "removed": [], "round_over": false, "schema": 1, "seats": 3, "seed": 44, "ship": -1, "ships": [true, true, true], "sites": ["door_5", "door_3", "roof_4", "fountain_2", "window_3", "door_4", "roof_3", "steps_4", "fountain_4", "window_4", "fountain_5", "window_2", "window_5", "roof_2", "door_2", "fountain_3", "steps_5", "steps_2", "steps_3", "roof_5"], "sow_bowl": 0, "stacks": [["cards_yy", "cards_oy", "cards_oo", "cards_pw", "cards_bb", "cards_wb", "cards_bo", "cards_gp", "cards_yg"], ["plus2_ww", "plus2_bp", "plus2_gw", "plus2_pp", "plus2_gp", "plus2_wp", "plus2_pw", "plus2_yp", "plus2_op"], ["vp9_bb", "vp9_pp", "vp9_yw", "vp9_ww", "vp9_bw", "vp9_ow", "vp9_gg", "vp9_yy", "vp9_oo"], ["workers1_po", "workers2_by", "workers1_go", "workers2_yy", "workers2_oo", "workers2_oy", "workers1_bg", "workers1_wo", "workers1_yo"], ["legion1_bb", "legion2_gy", "legion2_py", "legion2_ob", "legion1_wb", "legion1_pb", "legion2_wy", "legion1_yb", "legion1_gb"], ["demand_religion_ww", "demand_religion_bo", "demand_bread_og", "demand_games_pg", "demand_bread_gg", "demand_games_gg", "demand_games_yg", "demand_religion_wg", "demand_bread_pp"]], "target": -1, "time": 0, "todo": [], "version": 0}',0,259200,'[43200]','stand_in','en',0,'2026-03-02T18:01:00.000000+00:00','2026-03-05T18:01:00.000000+00:00',NULL,'2026-03-02T18:01:00.000000+00:00','2026-03-02T18:01:00.000000+00:00');
CREATE TABLE league (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    config      TEXT    NOT NULL,              -- LeagueConfig.to_json()
    status      TEXT    NOT NULL DEFAULT 'active',
    seed        INTEGER NOT NULL,              -- seating randomness
    created_at  TEXT    NOT NULL,
    resumed_at  TEXT,
    ended_at    TEXT,
    UNIQUE (guild_id, name)
);
INSERT INTO "league" VALUES(1,7,'Trajan Mondays','{"division_size": null, "forfeit_policy": "ai_standin", "game": "trajan", "game_options": {}, "promotion": 2, "repeat_weight": 3, "schema": 1, "scoring": {"absence_points": "0", "four": [10, 6, 3, 1], "three": null}, "season_weeks": 2, "table_size": 4, "time_control": [72, 0], "week_start": [0, 19, "Europe/Madrid"]}','active',3,'2026-03-02T13:00:00+00:00',NULL,NULL);
CREATE TABLE league_absence (
    league_id   INTEGER NOT NULL REFERENCES league(id),
    user_id     INTEGER NOT NULL,
    season      INTEGER NOT NULL,
    week        INTEGER NOT NULL,
    PRIMARY KEY (league_id, user_id, season, week)
);
INSERT INTO "league_absence" VALUES(1,27,1,2);
CREATE TABLE league_channel (
    league_id   INTEGER PRIMARY KEY REFERENCES league(id),
    channel_id  INTEGER NOT NULL
);
INSERT INTO "league_channel" VALUES(1,700);
CREATE TABLE league_credit (
    week_id     INTEGER NOT NULL REFERENCES league_week(id),
    user_id     INTEGER NOT NULL,
    kind        TEXT    NOT NULL,              -- 'bye' | 'absent'
    points      TEXT    NOT NULL,
    PRIMARY KEY (week_id, user_id)
);
CREATE TABLE league_division (
    season_id   INTEGER NOT NULL REFERENCES league_season(id),
    user_id     INTEGER NOT NULL,
    division    INTEGER NOT NULL,              -- 1 = top
    PRIMARY KEY (season_id, user_id)
);
INSERT INTO "league_division" VALUES(1,21,1);
INSERT INTO "league_division" VALUES(1,22,1);
INSERT INTO "league_division" VALUES(1,23,1);
INSERT INTO "league_division" VALUES(1,24,1);
INSERT INTO "league_division" VALUES(1,25,1);
INSERT INTO "league_division" VALUES(1,26,1);
INSERT INTO "league_division" VALUES(1,27,1);
CREATE TABLE league_game (
    key         TEXT    PRIMARY KEY,           -- GameRequest.key, stable across restarts
    table_id    INTEGER NOT NULL UNIQUE REFERENCES league_table(id),
    game_id     INTEGER NOT NULL UNIQUE,       -- the session manager's game id
    created_at  TEXT    NOT NULL
);
INSERT INTO "league_game" VALUES('league:1:s1:w1:t1',1,5,'2026-03-02T18:01:00+00:00');
INSERT INTO "league_game" VALUES('league:1:s1:w1:t2',2,6,'2026-03-02T18:01:00+00:00');
CREATE TABLE league_member (
    league_id   INTEGER NOT NULL REFERENCES league(id),
    user_id     INTEGER NOT NULL,
    joined_at   TEXT    NOT NULL,
    left_at     TEXT,
    PRIMARY KEY (league_id, user_id)
);
INSERT INTO "league_member" VALUES(1,21,'2026-03-02T13:00:00+00:00',NULL);
INSERT INTO "league_member" VALUES(1,22,'2026-03-02T13:00:00+00:00',NULL);
INSERT INTO "league_member" VALUES(1,23,'2026-03-02T13:00:00+00:00',NULL);
INSERT INTO "league_member" VALUES(1,24,'2026-03-02T13:00:00+00:00',NULL);
INSERT INTO "league_member" VALUES(1,25,'2026-03-02T13:00:00+00:00',NULL);
INSERT INTO "league_member" VALUES(1,26,'2026-03-02T13:00:00+00:00',NULL);
INSERT INTO "league_member" VALUES(1,27,'2026-03-02T13:00:00+00:00',NULL);
CREATE TABLE league_migration (version INTEGER PRIMARY KEY);
INSERT INTO "league_migration" VALUES(1);
INSERT INTO "league_migration" VALUES(2);
CREATE TABLE league_rating (
    league_id   INTEGER NOT NULL REFERENCES league(id),
    user_id     INTEGER NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    games       INTEGER NOT NULL,
    PRIMARY KEY (league_id, user_id)
);
CREATE TABLE league_rating_history (
    id          INTEGER PRIMARY KEY,
    league_id   INTEGER NOT NULL REFERENCES league(id),
    user_id     INTEGER NOT NULL,
    table_id    INTEGER NOT NULL REFERENCES league_table(id),
    mu_before   REAL    NOT NULL,
    sigma_before REAL   NOT NULL,
    mu_after    REAL    NOT NULL,
    sigma_after REAL    NOT NULL,
    recorded_at TEXT    NOT NULL
);
CREATE TABLE league_reminder (
    table_id    INTEGER PRIMARY KEY REFERENCES league_table(id),
    sent_at     TEXT    NOT NULL
);
CREATE TABLE league_result (
    table_id    INTEGER NOT NULL REFERENCES league_table(id),
    user_id     INTEGER NOT NULL,
    placement   INTEGER,                       -- as the game reported it; NULL if forfeited
    score       INTEGER,
    forfeited   INTEGER NOT NULL,
    rank        INTEGER NOT NULL,              -- effective rank after forfeits
    points      TEXT    NOT NULL,
    vp_share    TEXT    NOT NULL,
    PRIMARY KEY (table_id, user_id)
);
CREATE TABLE league_season (
    id          INTEGER PRIMARY KEY,
    league_id   INTEGER NOT NULL REFERENCES league(id),
    number      INTEGER NOT NULL,
    started_at  TEXT    NOT NULL,
    closed_at   TEXT,
    UNIQUE (league_id, number)
);
INSERT INTO "league_season" VALUES(1,1,1,'2026-03-02T18:01:00+00:00',NULL);
CREATE TABLE league_seat (
    table_id    INTEGER NOT NULL REFERENCES league_table(id),
    seat        INTEGER NOT NULL,              -- game seat, 0 = first player
    user_id     INTEGER NOT NULL,
    PRIMARY KEY (table_id, seat),
    UNIQUE (table_id, user_id)
);
INSERT INTO "league_seat" VALUES(1,0,26);
INSERT INTO "league_seat" VALUES(1,1,24);
INSERT INTO "league_seat" VALUES(1,2,21);
INSERT INTO "league_seat" VALUES(1,3,27);
INSERT INTO "league_seat" VALUES(2,0,25);
INSERT INTO "league_seat" VALUES(2,1,23);
INSERT INTO "league_seat" VALUES(2,2,22);
CREATE TABLE league_step (
    league_id   INTEGER NOT NULL REFERENCES league(id),
    key         TEXT    NOT NULL,              -- e.g. 's1:w3:seat'
    done_at     TEXT    NOT NULL,
    PRIMARY KEY (league_id, key)
);
INSERT INTO "league_step" VALUES(1,'s1:w1:seat','2026-03-02T18:01:00+00:00');
CREATE TABLE league_table (
    id              INTEGER PRIMARY KEY,
    week_id         INTEGER NOT NULL REFERENCES league_week(id),
    number          INTEGER NOT NULL,
    division        INTEGER NOT NULL,
    game_id         TEXT,                      -- filled by the session manager
    finish_requested_at TEXT,                  -- deadline policy handed to the session manager
    result_seq      INTEGER UNIQUE,            -- order in which results were recorded
    finished_at     TEXT,
    UNIQUE (week_id, number)
);
INSERT INTO "league_table" VALUES(1,1,1,1,'5',NULL,NULL,NULL);
INSERT INTO "league_table" VALUES(2,1,2,1,'6',NULL,NULL,NULL);
CREATE TABLE league_week (
    id              INTEGER PRIMARY KEY,
    season_id       INTEGER NOT NULL REFERENCES league_season(id),
    number          INTEGER NOT NULL,
    seated_at       TEXT    NOT NULL,
    deadline        TEXT    NOT NULL,
    deadline_done_at TEXT,
    UNIQUE (season_id, number)
);
INSERT INTO "league_week" VALUES(1,1,1,'2026-03-02T18:01:00+00:00','2026-03-09T18:00:00+00:00',NULL);
CREATE TABLE moves (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version INTEGER NOT NULL,         -- game version after this move
    ply INTEGER NOT NULL,             -- the engine state.version it was applied to
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,             -- the engine's notation (action_text)
    label TEXT NOT NULL,              -- what players read, in the game's language then
    events TEXT NOT NULL,             -- JSON of the events, as recorded
    lines TEXT NOT NULL,              -- JSON list of the event log lines
    irreversible INTEGER NOT NULL,
    by TEXT NOT NULL CHECK (by IN ('player', 'ai', 'stand_in', 'standing')),
    undone_at INTEGER,                -- game version of the undo that took it back
    created_at TEXT NOT NULL,
    UNIQUE (game_id, version)
);
INSERT INTO "moves" VALUES(1,1,1,0,0,'start palace 1','Place a starting citizen: Palace space 1','[{"building": "palace", "expelled": null, "seat": 0, "space": 1, "type": "CitizenPlaced"}]','["Player 1 places a citizen in the Palace, space 1"]',0,'player',NULL,'2026-03-02T12:05:00.000000+00:00');
INSERT INTO "moves" VALUES(2,1,2,1,1,'start palace 2','Place a starting citizen: Palace space 2','[{"building": "palace", "expelled": null, "seat": 1, "space": 2, "type": "CitizenPlaced"}]','["Player 2 places a citizen in the Palace, space 2"]',0,'player',NULL,'2026-03-02T12:10:00.000000+00:00');
INSERT INTO "moves" VALUES(3,1,3,2,2,'start city_hall 1','Place a starting citizen: City Hall space 1','[{"building": "city_hall", "expelled": null, "seat": 2, "space": 1, "type": "CitizenPlaced"}]','["Player 3 places a citizen in the City Hall, space 1"]',0,'ai',NULL,'2026-03-02T12:10:00.000000+00:00');
INSERT INTO "moves" VALUES(4,1,4,3,2,'start bishopric 4','Place a starting citizen: Bishopric space 4','[{"building": "bishopric", "expelled": null, "seat": 2, "space": 4, "type": "CitizenPlaced"}]','["Player 3 places a citizen in the Bishopric, space 4"]',0,'ai',NULL,'2026-03-02T12:10:00.000000+00:00');
INSERT INTO "moves" VALUES(5,1,5,4,1,'start palace 3','Place a starting citizen: Palace space 3','[{"building": "palace", "expelled": null, "seat": 1, "space": 3, "type": "CitizenPlaced"}]','["Player 2 places a citizen in the Palace, space 3"]',0,'player',NULL,'2026-03-02T12:15:00.000000+00:00');
INSERT INTO "moves" VALUES(6,1,6,5,0,'start palace 4','Place a starting citizen: Palace space 4','[{"building": "palace", "expelled": null, "seat": 0, "space": 4, "type": "CitizenPlaced"}]','["Player 1 places a citizen in the Palace, space 4"]',0,'player',NULL,'2026-03-02T12:20:00.000000+00:00');
INSERT INTO "moves" VALUES(7,1,7,6,0,'start palace 5','Place a starting citizen: Palace space 5','[{"building": "palace", "expelled": null, "seat": 0, "space": 5, "type": "CitizenPlaced"}]','["Player 1 places a citizen in the Palace, space 5"]',0,'player',NULL,'2026-03-02T12:25:00.000000+00:00');
INSERT INTO "moves" VALUES(8,1,8,7,1,'start palace 6','Place a starting citizen: Palace space 6','[{"building": "palace", "expelled": null, "seat": 1, "space": 6, "type": "CitizenPlaced"}]','["Player 2 places a citizen in the Palace, space 6"]',0,'player',NULL,'2026-03-02T12:30:00.000000+00:00');
INSERT INTO "moves" VALUES(9,1,9,8,2,'start city_hall 5','Place a starting citizen: City Hall space 5','[{"building": "city_hall", "expelled": null, "seat": 2, "space": 5, "type": "CitizenPlaced"}]','["Player 3 places a citizen in the City Hall, space 5"]',0,'ai',NULL,'2026-03-02T12:30:00.000000+00:00');
INSERT INTO "moves" VALUES(10,1,10,9,2,'start city_hall 2','Place a starting citizen: City Hall space 2','[{"building": "city_hall", "expelled": null, "seat": 2, "space": 2, "type": "CitizenPlaced"}]','["Player 3 places a citizen in the City Hall, space 2"]',0,'ai',NULL,'2026-03-02T12:30:00.000000+00:00');
INSERT INTO "moves" VALUES(11,2,1,0,0,'fill 1 blue blue','Bowl I: blue + blue','[{"bowl": 0, "colours": "BB", "seat": 0, "type": "BowlFilled"}]','["Player 1: bowl I = blue + blue"]',0,'player',NULL,'2026-03-02T12:35:00.000000+00:00');
INSERT INTO "moves" VALUES(12,2,2,1,0,'fill 2 yellow yellow','Bowl II: yellow + yellow','[{"bowl": 1, "colours": "YY", "seat": 0, "type": "BowlFilled"}]','["Player 1: bowl II = yellow + yellow"]',0,'player',NULL,'2026-03-02T12:40:00.000000+00:00');
INSERT INTO "moves" VALUES(13,2,3,2,0,'fill 3 green green','Bowl III: light green + light green','[{"bowl": 2, "colours": "GG", "seat": 0, "type": "BowlFilled"}]','["Player 1: bowl III = light green + light green"]',0,'player',NULL,'2026-03-02T12:45:00.000000+00:00');
INSERT INTO "moves" VALUES(14,2,4,3,0,'fill 4 orange orange','Bowl IV: orange + orange','[{"bowl": 3, "colours": "OO", "seat": 0, "type": "BowlFilled"}]','["Player 1: bowl IV = orange + orange"]',0,'player',NULL,'2026-03-02T12:50:00.000000+00:00');
INSERT INTO "moves" VALUES(15,2,5,4,0,'fill 5 pink pink','Bowl V: pink + pink','[{"bowl": 4, "colours": "PP", "seat": 0, "type": "BowlFilled"}, {"bowl": 5, "colours": "WW", "seat": 0, "type": "BowlFilled"}]','["Player 1: bowl V = pink + pink", "Player 1: bowl VI = white + white"]',0,'player',NULL,'2026-03-02T12:55:00.000000+00:00');
INSERT INTO "moves" VALUES(16,2,6,5,1,'fill 1 blue blue','Bowl I: blue + blue','[{"bowl": 0, "colours": "BB", "seat": 1, "type": "BowlFilled"}]','["Player 2: bowl I = blue + blue"]',0,'player',NULL,'2026-03-02T13:00:00.000000+00:00');
CREATE TABLE requests (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('undo', 'abandon')),
    user_id INTEGER NOT NULL,
    version INTEGER NOT NULL,         -- game version when asked (an undo goes stale after it)
    target INTEGER,                   -- undo: version of the first move to take back
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'granted', 'refused', 'stale')),
    created_at TEXT NOT NULL
);
INSERT INTO "requests" VALUES(1,1,'undo',11,10,1,'open','2026-03-02T12:30:00.000000+00:00');
INSERT INTO "requests" VALUES(2,2,'undo',11,6,1,'open','2026-03-02T13:00:00.000000+00:00');
CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL);
INSERT INTO "schema_migrations" VALUES(1,'0001_initial.sql','2026-12-01T13:38:24.827394+00:00');
CREATE TABLE seats (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    slot INTEGER NOT NULL,            -- join order
    seat INTEGER,                     -- engine seat, set at start
    user_id INTEGER,
    ai TEXT,
    joined_at TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'playing' CHECK (state IN ('playing', 'resigned', 'forfeited')),
    stand_in INTEGER NOT NULL DEFAULT 0,
    timeouts INTEGER NOT NULL DEFAULT 0,
    muted INTEGER NOT NULL DEFAULT 0, -- 0: reminders on, 1: off this turn, 2: off this game
    standing TEXT NOT NULL DEFAULT '{}',  -- decision kind -> notation, for out-of-turn asks
    PRIMARY KEY (game_id, slot),
    CHECK ((user_id IS NULL) <> (ai IS NULL))
);
INSERT INTO "seats" VALUES(1,0,0,11,NULL,'2026-03-02T12:00:00.000000+00:00','playing',0,0,0,'{}');
INSERT INTO "seats" VALUES(1,1,1,12,NULL,'2026-03-02T12:00:00.000000+00:00','playing',0,0,0,'{}');
INSERT INTO "seats" VALUES(1,2,2,NULL,'random','2026-03-02T12:00:00.000000+00:00','playing',0,0,0,'{}');
INSERT INTO "seats" VALUES(2,0,0,11,NULL,'2026-03-02T12:30:00.000000+00:00','playing',0,0,0,'{}');
INSERT INTO "seats" VALUES(2,1,1,12,NULL,'2026-03-02T12:30:00.000000+00:00','playing',0,0,0,'{}');
INSERT INTO "seats" VALUES(3,0,NULL,13,NULL,'2026-03-02T13:00:00.000000+00:00','playing',0,0,0,'{}');
INSERT INTO "seats" VALUES(4,0,NULL,14,NULL,'2026-03-02T13:00:00.000000+00:00','playing',0,0,0,'{}');
INSERT INTO "seats" VALUES(5,0,0,26,NULL,'2026-03-02T18:01:00.000000+00:00','playing',0,0,0,'{}');
INSERT INTO "seats" VALUES(5,1,1,24,NULL,'2026-03-02T18:01:00.000000+00:00','playing',0,0,0,'{}');
INSERT INTO "seats" VALUES(5,2,2,21,NULL,'2026-03-02T18:01:00.000000+00:00','playing',0,0,0,'{}');
INSERT INTO "seats" VALUES(5,3,3,27,NULL,'2026-03-02T18:01:00.000000+00:00','playing',0,0,0,'{}');
INSERT INTO "seats" VALUES(6,0,0,25,NULL,'2026-03-02T18:01:00.000000+00:00','playing',0,0,0,'{}');
INSERT INTO "seats" VALUES(6,1,1,23,NULL,'2026-03-02T18:01:00.000000+00:00','playing',0,0,0,'{}');
INSERT INTO "seats" VALUES(6,2,2,22,NULL,'2026-03-02T18:01:00.000000+00:00','playing',0,0,0,'{}');
CREATE TABLE settings (
    guild_id INTEGER NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (guild_id, key)
);
INSERT INTO "settings" VALUES(5,'league_role','555');
CREATE TABLE timers (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('reminder', 'deadline')),
    due_at TEXT NOT NULL,
    PRIMARY KEY (game_id, seat, kind)
);
INSERT INTO "timers" VALUES(1,1,'deadline','2026-03-03T12:30:00.000000+00:00');
INSERT INTO "timers" VALUES(1,1,'reminder','2026-03-03T06:30:00.000000+00:00');
INSERT INTO "timers" VALUES(2,1,'deadline','2026-03-03T13:00:00.000000+00:00');
INSERT INTO "timers" VALUES(2,1,'reminder','2026-03-03T07:00:00.000000+00:00');
INSERT INTO "timers" VALUES(5,0,'deadline','2026-03-05T18:01:00.000000+00:00');
INSERT INTO "timers" VALUES(5,0,'reminder','2026-03-05T06:01:00.000000+00:00');
INSERT INTO "timers" VALUES(6,0,'deadline','2026-03-05T18:01:00.000000+00:00');
INSERT INTO "timers" VALUES(6,0,'reminder','2026-03-05T06:01:00.000000+00:00');
CREATE TABLE users (
    user_id INTEGER PRIMARY KEY,
    language TEXT NOT NULL
);
INSERT INTO "users" VALUES(12,'es');
CREATE INDEX games_by_status ON games (status, guild_id);
CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX seats_engine_seat ON seats (game_id, seat) WHERE seat IS NOT NULL;
CREATE INDEX seats_by_user ON seats (user_id);
CREATE INDEX moves_live ON moves (game_id, undone_at, id);
CREATE INDEX timers_due ON timers (due_at);
CREATE INDEX requests_open ON requests (game_id, status);
CREATE INDEX league_week_by_season ON league_week (season_id, number);
CREATE INDEX league_table_by_week ON league_table (week_id);
CREATE INDEX league_result_by_user ON league_result (user_id);
DELETE FROM "sqlite_sequence";
INSERT INTO "sqlite_sequence" VALUES('games',6);
INSERT INTO "sqlite_sequence" VALUES('moves',16);
INSERT INTO "sqlite_sequence" VALUES('requests',2);
COMMIT;
