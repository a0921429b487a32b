using System.Globalization;
using System.Text.RegularExpressions;

namespace MemAnalyzer.Tests.EndToEnd.Objects;

/// <summary>One object of -objects' console output: its header and its indented lines.</summary>
public sealed record PrintedObject(string TypeName, ulong Address, long Size, long? Retained, IReadOnlyList<string> Lines)
{
    /// <summary>The value text of the field line "  name = value".</summary>
    public string Field(string name) =>
        Lines.Where(l => l.StartsWith($"  {name} = ", StringComparison.Ordinal)).Select(l => l[(name.Length + 5)..]).Single();
}

/// <summary>Reads -objects' console output back into objects, independently of the renderer.</summary>
public static partial class ObjectsOutput
{
    public static IReadOnlyList<PrintedObject> Parse(string output)
    {
        List<PrintedObject> objects = [];
        List<string>? lines = null;
        foreach (var line in output.Split('\n').Select(l => l.TrimEnd('\r')))
        {
            var header = Header().Match(line);
            if (header.Success)
            {
                lines = [];
                objects.Add(new PrintedObject(header.Groups[1].Value, ulong.Parse(header.Groups[2].Value, NumberStyles.HexNumber, CultureInfo.InvariantCulture),
                    Number(header.Groups[3].Value), header.Groups[4].Success ? Number(header.Groups[4].Value) : null, lines));
            }
            else if (lines is not null && line.StartsWith("  ", StringComparison.Ordinal))
            {
                lines.Add(line);
            }
        }
        return objects;
    }

    public static long Number(string text) => long.Parse(text, NumberStyles.AllowThousands, CultureInfo.InvariantCulture);

    [GeneratedRegex(@"^(\S.*) @0x([0-9a-f]+): ([\d,]+) B, (?:retains ([\d,]+) B|not live.*)$")]
    private static partial Regex Header();
}
