using MemAnalyzer.Analysis;
using MemAnalyzer.Output;

namespace MemAnalyzer.Commands;

/// <summary>The JSON document of a request before its targets are added: the same for a run and for a batch of them.</summary>
public static class JsonHeader
{
    public static JsonReport Of(CommandRequest request) => GcDumpCommand.AsRead(request) switch
    {
        HistogramRequest h => Report(JsonReportMode.Types, h.Query.Unit, h.Query.Selection, h.Query.Retained, h.Query.Generation),
        DiffRequest d => Report(JsonReportMode.Diff, d.Query.Unit, d.Query.Selection, d.Query.Retained, d.Query.Generation),
        RunnableRequest r => r.JsonHeader(),
        _ => throw new InvalidOperationException($"{request.GetType().Name} writes no JSON"),
    };

    /// <summary>A header of <paramref name="mode"/>: what each view's own header is made of.</summary>
    public static JsonReport Report(string mode, SizeUnit unit, ObjectSelection selection, bool retained, HeapGeneration? generation = null) =>
        new(JsonReport.SchemaName, mode, unit.ToString(), SelectionText.Of(selection, generation), retained,
            generation is HeapGeneration g ? HeapGenerations.Name(g) : null, []);
}
