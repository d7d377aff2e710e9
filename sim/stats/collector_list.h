// The registered statistics, one line each, in registry order: each
// SNGSIM_COLLECTOR(entry) names a function `CollectorInfo entry()` defined
// in the collector's own source file. Included only by
// sim/stats/collector_registry.cpp (no include guard: it is read twice).
SNGSIM_COLLECTOR(style_stats_info)  // "style", sim/stats/style_collector.h
