using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Handles;

/// <summary>Runs -handles with -o FILE.csv and reads the rows back, keyed by (Kind, Type).</summary>
internal static class HandlesCsv
{
    public sealed record Row(long Handles, long Bytes, long Unreachable, long? Retained);

    public static Dictionary<(string Kind, string Type), Row> Run(HandlesTarget target, string name, params string[] arguments)
    {
        var path = target.File(name);
        var result = MemAnalyzerCli.Run([.. arguments, "-handles", "-o", path, "-overwrite"]);
        Assert.True(result.ExitCode == 0, result.ToString());
        return CsvFile.Read(path).Rows.ToDictionary(r => (r["Kind"], r["Type"]), r => new Row(CsvFile.Number(r, "Handles"), CsvFile.Number(r, "Bytes(Bytes)"),
            CsvFile.Number(r, "Unreachable"), r.TryGetValue("Retained(Bytes)", out var retained) ? long.Parse(retained, System.Globalization.CultureInfo.InvariantCulture) : null));
    }
}
