using System.Text.Json;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Sql;

/// <summary>Runs -sql through the real CLI with -format json and reads the rows back, each as column name → JSON value.</summary>
public static class SqlOutput
{
    public static IReadOnlyList<IReadOnlyDictionary<string, JsonElement>> Rows(params string[] arguments)
    {
        var result = MemAnalyzerCli.Run([.. arguments, "-format", "json"]);
        Assert.True(result.ExitCode == 0, result.ToString());
        using var document = JsonDocument.Parse(result.StandardOutput);
        return [.. document.RootElement.GetProperty("rows").EnumerateArray()
            .Select(r => (IReadOnlyDictionary<string, JsonElement>)r.EnumerateObject().ToDictionary(p => p.Name, p => p.Value.Clone()))];
    }

    /// <summary>The rows of a query of two columns, as a dictionary from the first (text) to the second (a number).</summary>
    public static Dictionary<string, long> Pairs(string dump, string query) =>
        Rows("-f", dump, "-sql", query).ToDictionary(r => r.Values.First().GetString()!, r => r.Values.Last().GetInt64());

    public static long Number(string dump, string query) => Rows("-f", dump, "-sql", query).Single().Values.Single().GetInt64();
}
