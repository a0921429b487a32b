using System.Text.Json;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Inspections;

/// <summary>The findings of a real -inspections run, read from its JSON report.</summary>
public sealed record InspectionRow(string Inspection, string Type, long Count, long Bytes, string Detail, string Example, long Saves = 0)
{
    public static IReadOnlyList<InspectionRow> Run(params string[] arguments)
    {
        var result = MemAnalyzerCli.Run([.. arguments, "-inspections", "-format", "json"]);
        Assert.True(result.ExitCode == 0, result.ToString());
        using var document = JsonDocument.Parse(result.StandardOutput);
        Assert.Equal("inspections", document.RootElement.GetProperty("mode").GetString());
        var target = document.RootElement.GetProperty("targets")[0];
        return [.. target.GetProperty("inspections").EnumerateArray().Select(r => new InspectionRow(r.GetProperty("inspection").GetString()!,
            r.GetProperty("type").GetString()!, r.GetProperty("count").GetInt64(), r.GetProperty("bytes").GetInt64(), r.GetProperty("detail").GetString()!,
            r.GetProperty("example").GetString()!, r.GetProperty("saves").GetInt64()))];
    }

    /// <summary>The one row of <paramref name="inspection"/> for <paramref name="type"/>.</summary>
    public static InspectionRow Single(IReadOnlyList<InspectionRow> rows, string inspection, string type)
    {
        var matches = rows.Where(r => r.Inspection == inspection && r.Type == type).ToList();
        Assert.True(matches.Count == 1, $"{matches.Count} rows of {inspection} {type} in:\n{string.Join("\n", rows)}");
        return matches[0];
    }
}
