using System.Globalization;

namespace MemAnalyzer.MemoryMap;

/// <summary>The regions of a /proc/&lt;pid&gt;/smaps text, and the number of lines that could not be read.</summary>
public sealed record SmapsContent(IReadOnlyList<MemoryRegion> Regions, int UnreadableLines);

/// <summary>
/// Parses /proc/&lt;pid&gt;/smaps: a header line per mapping ("start-end perms offset dev inode path"), then "Key: value kB"
/// lines and "VmFlags: ...". Paths may contain spaces and end in " (deleted)". A malformed line is counted, not fatal.
/// </summary>
public static class SmapsParser
{
    public static SmapsContent Parse(TextReader text)
    {
        var regions = new List<MemoryRegion>();
        var unreadable = 0;
        MemoryRegion? current = null;
        string? line;
        while ((line = text.ReadLine()) is not null)
        {
            if (line.Length == 0)
            {
                continue;
            }
            if (TryParseHeader(line, out var header))
            {
                if (current is not null)
                {
                    regions.Add(current);
                }
                current = header;
                continue;
            }
            if (current is null)
            {
                unreadable++;
                continue;
            }
            var colon = line.IndexOf(':');
            if (colon <= 0)
            {
                unreadable++;
                continue;
            }
            var key = line[..colon];
            var value = line[(colon + 1)..].Trim();
            if (key == "VmFlags")
            {
                current = current with { Flags = value.Split(' ', StringSplitOptions.RemoveEmptyEntries).ToHashSet(StringComparer.Ordinal) };
                continue;
            }
            if (key is not ("Rss" or "Pss" or "Swap"))
            {
                continue;
            }
            if (!TryParseKilobytes(value, out var bytes))
            {
                unreadable++;
                continue;
            }
            current = key switch
            {
                "Rss" => current with { Resident = bytes },
                "Pss" => current with { ProportionalResident = bytes },
                _ => current with { Swap = bytes },
            };
        }
        if (current is not null)
        {
            regions.Add(current);
        }
        return new SmapsContent(regions, unreadable);
    }

    private static bool TryParseHeader(string line, out MemoryRegion region)
    {
        region = null!;
        // start-end perms offset dev inode [path]; the path is the rest of the line and may hold spaces.
        var fields = line.Split(' ', 6, StringSplitOptions.None);
        if (fields.Length < 5)
        {
            return false;
        }
        var dash = fields[0].IndexOf('-');
        if (dash <= 0
            || !ulong.TryParse(fields[0].AsSpan(0, dash), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out var start)
            || !ulong.TryParse(fields[0].AsSpan(dash + 1), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out var end)
            || end < start
            || fields[1].Length != 4
            || !fields[3].Contains(':', StringComparison.Ordinal))
        {
            return false;
        }
        if (!ulong.TryParse(fields[2], NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out var offset))
        {
            return false;
        }
        var path = fields.Length == 6 ? fields[5].TrimStart(' ') : "";
        region = new MemoryRegion(start, end, fields[1], path, offset);
        return true;
    }

    private static bool TryParseKilobytes(string value, out long bytes)
    {
        bytes = 0;
        var number = value.EndsWith(" kB", StringComparison.Ordinal) ? value[..^3].Trim() : value;
        if (!long.TryParse(number, NumberStyles.None, CultureInfo.InvariantCulture, out var kilobytes) || kilobytes > long.MaxValue / 1024)
        {
            return false;
        }
        bytes = kilobytes * 1024;
        return true;
    }
}
