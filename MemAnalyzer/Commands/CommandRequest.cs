using MemAnalyzer.Analysis;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Commands;

/// <summary>One mode of MemAnalyzer, as the command line asked for it: immutable, validated, ready to run.</summary>
public abstract record CommandRequest
{
    /// <summary>The dumps and processes it reads; empty for modes that read none.</summary>
    public virtual IReadOnlyList<TargetSpec> Targets => [];

    /// <summary>Whether it walks GC roots (-live/-dead), whose stack walk can crash the DAC.</summary>
    public virtual bool ReadsRoots => false;

    /// <summary>The live processes it reads, which must be resumed if the analysis dies.</summary>
    public IReadOnlyList<int> ProcessIds => [.. Targets.Where(t => t.ProcessId is not null).Select(t => t.ProcessId!.Value)];

    protected static bool WalksRoots(ObjectSelection selection) => selection != ObjectSelection.All;
}

/// <summary>-h, or no switch at all: the usage and the examples.</summary>
public sealed record HelpRequest : CommandRequest;

/// <summary>--version: the version and the commit.</summary>
public sealed record VersionRequest : CommandRequest
{
    /// <summary>"MemAnalyzer 1.0.0 (commit 0123456789ab)" from the informational version "1.0.0+0123456789ab".</summary>
    public static string Text(string? informationalVersion)
    {
        var parts = (informationalVersion ?? "unknown").Split('+', 2);
        return $"MemAnalyzer {parts[0]} (commit {(parts.Length > 1 && parts[1].Length > 0 ? parts[1] : "unknown")})";
    }
}
