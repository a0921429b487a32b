using MemAnalyzer.Analysis;

namespace MemAnalyzer.Index;

/// <summary>
/// The section of an index that keeps the live type table of the whole heap (the histogram over the mark: per type its
/// name, count and bytes; the free blocks, segment bytes, frozen and unreadable totals; the walk's warnings), so that a
/// second question prints it without walking the heap. A few dozen bytes per type, none per object.
/// </summary>
internal static class LiveTableSection
{
    public const string Name = "live.table";

    public static void Write(SectionFileWriter file, HeapSnapshot table)
    {
        if (table.Selection != ObjectSelection.Live || table.Generation is not null || table.HasRetained)
        {
            throw new ArgumentException("the index keeps the live type table of the whole heap only", nameof(table));
        }
        file.Add(Name, w =>
        {
            w.Write(table.Types.Count);
            foreach (var row in table.Types)
            {
                w.Write(row.TypeName);
                w.Write(row.Count);
                w.Write(row.Bytes);
            }
            w.Write(table.FreeCount);
            w.Write(table.FreeBytes);
            w.Write(table.SegmentBytes);
            w.Write(table.Warnings.Count);
            foreach (var warning in table.Warnings)
            {
                w.Write(warning);
            }
            w.Write(table.FrozenCount);
            w.Write(table.FrozenBytes);
            w.Write(table.UnreadableBytes);
            w.Write(table.UnreadablePlaces);
            w.Write(table.WalkedMidGc);
            w.Write(table.UnnamedTypes);
        });
    }

    public static HeapSnapshot Read(SectionFileReader file) => file.Read(Name, r =>
    {
        var rows = new TypeStatistics[r.ReadInt32()];
        for (var i = 0; i < rows.Length; i++)
        {
            rows[i] = new TypeStatistics(r.ReadString(), r.ReadInt64(), r.ReadInt64());
        }
        var (freeCount, freeBytes, segmentBytes) = (r.ReadInt64(), r.ReadInt64(), r.ReadInt64());
        var warnings = new string[r.ReadInt32()];
        for (var i = 0; i < warnings.Length; i++)
        {
            warnings[i] = r.ReadString();
        }
        return new HeapSnapshot(rows, freeCount, freeBytes, segmentBytes, ObjectSelection.Live, warnings)
        {
            FrozenCount = r.ReadInt64(),
            FrozenBytes = r.ReadInt64(),
            UnreadableBytes = r.ReadInt64(),
            UnreadablePlaces = r.ReadInt64(),
            WalkedMidGc = r.ReadBoolean(),
            UnnamedTypes = r.ReadInt32(),
        };
    });
}
