using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Strings;

/// <summary>LeakyApp in "strings" mode, running for the whole collection, and one heap dump of it.</summary>
public sealed class StringsScenario : IDisposable
{
    private readonly TempDirectory _directory = new();

    public StringsScenario()
    {
        Target = TargetProcess.Start("LeakyApp", "strings");
        DumpPath = Target.WriteDump(_directory.File("strings.dmp"));
    }

    public TargetProcess Target { get; }

    public string DumpPath { get; }

    public string File(string name) => _directory.File(name);

    public void Dispose()
    {
        Target.Dispose();
        _directory.Dispose();
    }
}

[CollectionDefinition(Name)]
public sealed class StringsCollection : ICollectionFixture<StringsScenario>
{
    public const string Name = "duplicate strings";
}

/// <summary>One row of the -dstrings console table.</summary>
public sealed record StringRow(long Count, long Waste, string? Address, string Value, string Owner);

public static class StringTableOutput
{
    public static (IReadOnlyList<StringRow> Rows, (long Count, long Bytes, long Waste) Summary) Parse(string stdout)
    {
        var lines = stdout.Split('\n').Select(l => l.TrimEnd('\r')).ToList();
        var header = lines[0];
        var stringStart = header.IndexOf("String ", StringComparison.Ordinal);
        var ownerStart = header.IndexOf("Owner", StringComparison.Ordinal);
        var wasteStart = header.IndexOf("Waste(", StringComparison.Ordinal);
        var addressStart = header.IndexOf("Address", StringComparison.Ordinal);
        var rows = new List<StringRow>();
        foreach (var line in lines.Skip(1).TakeWhile(l => l.Length > 0))
        {
            var wasteEnd = (addressStart > 0 ? addressStart : stringStart) - 2;
            rows.Add(new StringRow(
                Number(line[..(wasteStart - 2)]),
                Number(line[wasteStart..wasteEnd]),
                addressStart > 0 ? line[addressStart..(stringStart - 2)].Trim() : null,
                line[stringStart..(ownerStart - 2)].TrimEnd(),
                line.Length > ownerStart ? line[ownerStart..] : ""));
        }
        long Summary(string label) => Number(lines.Single(l => l.StartsWith(label, StringComparison.Ordinal))[label.Length..].Trim().Split(' ')[0]);
        return (rows, (Summary("Strings "), Summary("Allocated Size"), Summary("Waste Duplicate Strings")));
    }

    private static long Number(string text) => long.Parse(text.Trim(), System.Globalization.NumberStyles.AllowThousands, System.Globalization.CultureInfo.InvariantCulture);
}
