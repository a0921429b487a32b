using MemAnalyzer.Analysis;
using MemAnalyzer.Output;
using MemAnalyzer.Suspects;

namespace MemAnalyzer.Views;

/// <summary>-dominators on the console: one line per object, indented two spaces per level below its dominator.</summary>
public static class DominatorRenderer
{
    public static void Write(TextWriter writer, IReadOnlyList<DominatorLine> lines, long liveBytes, TypeFilter? types, SizeUnit unit)
    {
        writer.WriteLine(types is null
            ? $"Dominator tree of the live heap ({SuspectRenderer.Bytes(liveBytes, unit)}): the top-level objects that retain most, and what each dominates."
            : $"Dominator tree of the live heap ({SuspectRenderer.Bytes(liveBytes, unit)}): the instances of -type \"{types.Text}\" that retain most, and what each dominates.");
        TextTable.Write(writer, [$"Retained({unit})", $"Shallow({unit})", "Share", "Address", "Object"],
            [.. lines.Select(l => new[]
            {
                NumberFormat.N(unit.Convert(l.Retained)), NumberFormat.N(unit.Convert(l.Shallow)), SuspectRenderer.Share(l.Retained, liveBytes),
                l.More > 0 ? "" : SuspectTableRows.Address(l.Address),
                new string(' ', 2 * l.Depth) + (l.More > 0 ? $"… {NumberFormat.N(l.More)} more" : l.TypeName),
            })], textColumns: new HashSet<int> { 3 });
    }
}
