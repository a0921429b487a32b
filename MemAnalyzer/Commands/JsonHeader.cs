using MemAnalyzer.Analysis;
using MemAnalyzer.Output;

namespace MemAnalyzer.Commands;

/// <summary>The JSON document of a request before its targets are added: the same for a run and for a batch of them.</summary>
public static class JsonHeader
{
    public static JsonReport Of(CommandRequest request) =>
        request is RunnableRequest r ? r.JsonHeader() : throw new InvalidOperationException($"{request.GetType().Name} writes no JSON");

    /// <summary>A header of <paramref name="mode"/>: what each view's own header is made of.</summary>
    public static JsonReport Report(string mode, SizeUnit unit, ObjectSelection selection, bool retained, HeapGeneration? generation = null) =>
        new(JsonReport.SchemaName, mode, unit.ToString(), SelectionText.Of(selection, generation), retained,
            generation is HeapGeneration g ? HeapGenerations.Name(g) : null, []);
}
