namespace MemAnalyzer.Output;

/// <summary>
/// The whole JSON document of one run (schema <see cref="SchemaName"/>): what was counted, in which unit, and one entry
/// per target. The README documents every field; a change that removes or renames one needs a new schema name.
/// </summary>
/// <param name="Mode">types, diff, strings or stringsDiff: which row lists the targets hold.</param>
/// <param name="Selection">all, live or dead, as the CSV's Selection column (with -gen, followed by the generation: "live gen2").</param>
/// <param name="Generation">-gen: gen0, gen1, gen2, loh, poh or frozen; left out for the whole heap.</param>
public sealed record JsonReport(string Schema, string Mode, string Unit, string Selection, bool Retained, string? Generation, IReadOnlyList<JsonTarget> Targets)
{
    public const string SchemaName = "memanalyzer/1";

    /// <summary>The JSON name of the target list, which a batch merges from its children's documents.</summary>
    public const string TargetsProperty = "targets";
}
