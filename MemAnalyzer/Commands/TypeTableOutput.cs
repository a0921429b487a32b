using MemAnalyzer.Output;

namespace MemAnalyzer.Commands;

/// <summary>
/// The type table of one read target, to the request's destination (console, CSV, JSON), then its root paths with
/// -roots: what a core dump's and a .gcdump's histogram print alike.
/// </summary>
public static class TypeTableOutput
{
    public static void Write(HistogramRequest request, RunContext context, TypeCsvRowMap schema, TargetReading reading, TargetContext? described)
    {
        var (query, output, target) = (request.Query, request.Output, reading.Target);
        if (query.Roots is { } roots)
        {
            RootsNotFound.ThrowIfEmpty(roots, reading);
            Notes.WriteResolvedType(context.Error, "-roots", reading.ResolvedRoots);
        }
        var rows = query.Top(target.Heap.Types);
        output.Write(request, context, () => HeapStatisticsRenderer.Write(context.Out, target.Heap, rows, query.Unit, target.MemoryRows), schema, () =>
        {
            var sections = TypeTableRows.FromSnapshot(rows, target, query.Unit, described!);
            return (sections.All, JsonRows.FromTypes(sections, described!));
        });
        if (query.Roots is not null)
        {
            context.Out.WriteLine();
            RootPathRenderer.Write(context.Out, reading.Roots, query.Unit);
        }
    }
}
