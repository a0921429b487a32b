using System.Text.Json;
using MemAnalyzer.Output;
using MemAnalyzer.Retention;

namespace MemAnalyzer.Commands;

/// <summary>
/// -baseline: the leak signatures a team knows, read from the JSON an earlier <c>-suspects -o base.json</c> wrote, or from
/// a plain list (one signature per line, <c>#</c> starts a comment). Read before any target is opened: a missing,
/// unreadable or malformed baseline stops the run (exit 64) before anything is written.
/// </summary>
public sealed record LeakBaseline(string File, IReadOnlySet<string> Signatures)
{
    public bool Knows(string signature) => Signatures.Contains(signature);

    public static LeakBaseline Read(string path)
    {
        string text;
        try
        {
            text = Directory.Exists(path)
                ? throw Bad(path, "is a directory: give the JSON file -suspects -o wrote, or a list of signatures")
                : System.IO.File.ReadAllText(path);
        }
        catch (FileNotFoundException)
        {
            throw Bad(path, "does not exist: write it once with -suspects -o base.json (or as a list of signatures, one per line)");
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw Bad(path, $"cannot be read ({e.Message})");
        }
        return new LeakBaseline(path, text.TrimStart().StartsWith('{') ? FromJson(path, text) : FromList(path, text));
    }

    private static HashSet<string> FromList(string path, string text)
    {
        var signatures = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        var lines = text.Split('\n');
        for (var i = 0; i < lines.Length; i++)
        {
            var line = lines[i];
            var comment = line.IndexOf('#', StringComparison.Ordinal);
            var value = (comment < 0 ? line : line[..comment]).Trim();
            if (value.Length == 0)
            {
                continue;
            }
            if (!LeakSignature.IsSignature(value))
            {
                throw Bad(path, $"line {i + 1} is not a signature ('{Shorten(value)}'): each line holds one signature of {LeakSignature.Digits} hex digits, as -suspects prints it; # starts a comment");
            }
            signatures.Add(value);
        }
        return signatures;
    }

    private static HashSet<string> FromJson(string path, string text)
    {
        try
        {
            using var document = JsonDocument.Parse(text);
            var root = document.RootElement;
            var mode = root.TryGetProperty("mode", out var m) && m.ValueKind == JsonValueKind.String ? m.GetString() : null;
            if (mode is not (JsonReportMode.Suspects or JsonReportMode.SuspectsDiff) || !root.TryGetProperty("targets", out var targets) || targets.ValueKind != JsonValueKind.Array)
            {
                throw Bad(path, $"is not the JSON of -suspects (its mode is {(mode is null ? "missing" : $"'{mode}'")}): write it with -suspects -o base.json");
            }
            var signatures = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
            foreach (var row in targets.EnumerateArray().SelectMany(Rows))
            {
                if (!row.TryGetProperty("signature", out var signature) || signature.ValueKind != JsonValueKind.String || !LeakSignature.IsSignature(signature.GetString()!))
                {
                    throw Bad(path, "has a suspect without a signature (an older MemAnalyzer wrote it): write it again with -suspects -o base.json");
                }
                signatures.Add(signature.GetString()!);
            }
            return signatures;
        }
        catch (JsonException e)
        {
            throw Bad(path, $"is not valid JSON ({e.Message})");
        }
    }

    private static IEnumerable<JsonElement> Rows(JsonElement target) =>
        new[] { "suspects", "suspectsDiff" }.SelectMany(name =>
            target.ValueKind == JsonValueKind.Object && target.TryGetProperty(name, out var rows) && rows.ValueKind == JsonValueKind.Array
                ? rows.EnumerateArray()
                : Enumerable.Empty<JsonElement>());

    private static string Shorten(string value) => value.Length <= 40 ? value : value[..40] + "…";

    private static MemAnalyzerException Bad(string path, string what) => new(ExitCodes.BaselineInvalid, $"the baseline '{path}' {what}");
}
