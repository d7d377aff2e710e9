// The registered statistics, one line each, in registry order: each
// SNGSIM_COLLECTOR(entry) names a function `CollectorInfo entry()` defined
// in the collector's own source file. Included only by
// sim/stats/collector_registry.cpp (no include guard: it is read twice).
// The first five are in every cell (CellStats reads them by name), but a
// league has no head_to_head: its ratings compare its entrants. The order
// is that of their keys in state files, which restore() reads in it.
SNGSIM_COLLECTOR(place_stats_info)          // "places", sim/stats/place_stats.h
SNGSIM_COLLECTOR(head_to_head_stats_info)   // "head_to_head", sim/stats/head_to_head_stats.h
SNGSIM_COLLECTOR(length_stats_info)         // "length", sim/stats/length_stats.h
SNGSIM_COLLECTOR(seat_stats_info)           // "seats", sim/stats/seat_stats.h
SNGSIM_COLLECTOR(shootout_stats_info)       // "shootout", sim/stats/shootout_stats.h
SNGSIM_COLLECTOR(cash_stats_info)           // "cash", sim/stats/cash_stats.h
SNGSIM_COLLECTOR(paired_stats_info)         // "paired", sim/stats/paired_stats.h
SNGSIM_COLLECTOR(fault_example_stats_info)  // "fault_examples", sim/stats/fault_example_stats.h
SNGSIM_COLLECTOR(luck_stats_info)           // "luck", sim/stats/luck_stats.h
SNGSIM_COLLECTOR(decision_time_stats_info)  // "decision_times", sim/stats/decision_time_stats.cpp
SNGSIM_COLLECTOR(style_stats_info)          // "style", sim/stats/style_collector.h
SNGSIM_COLLECTOR(league_stats_info)         // "league", sim/stats/league_stats.h
