using System.Text.Json;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>Reads MemAnalyzer's JSON report with System.Text.Json's JsonDocument, by the field names the README documents.</summary>
public static class JsonReportText
{
    /// <summary>Parses a report and validates it against schema memanalyzer/1 (<see cref="JsonReportSchema"/>).</summary>
    public static JsonDocument Parse(string text)
    {
        var document = JsonDocument.Parse(text);
        JsonReportSchema.Validate(document.RootElement);
        return document;
    }

    public static JsonDocument Read(string path) => Parse(File.ReadAllText(path));

    /// <summary>The rows of one list of a target ("types", "summary", "memoryMap", "diff", ...), by their "name".</summary>
    public static Dictionary<string, JsonElement> Rows(JsonElement target, string list) =>
        target.GetProperty(list).EnumerateArray().ToDictionary(r => r.GetProperty("name").GetString()!, r => r, StringComparer.Ordinal);

    /// <summary>(instances, allocated) of every row of a list.</summary>
    public static Dictionary<string, (long Count, long Bytes)> Counts(JsonElement target, string list) =>
        Rows(target, list).ToDictionary(p => p.Key, p => (p.Value.GetProperty("instances").GetInt64(), p.Value.GetProperty("allocated").GetInt64()), StringComparer.Ordinal);

    public static long Number(JsonElement row, string field) => row.GetProperty(field).GetInt64();

    public static long? OptionalNumber(JsonElement row, string field) => row.TryGetProperty(field, out var value) ? value.GetInt64() : null;
}
