namespace MemAnalyzer.Cli;

/// <summary>How the isolated child of one dump of a batch runs: its stdout kept apart, and the environment it adds (its share of the walk threads).</summary>
internal sealed record BatchChild(Stream Output, IReadOnlyDictionary<string, string> Environment);
