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
        DuplicateStringsRequest s => Report(s.Second is null ? JsonReportMode.Strings : JsonReportMode.StringsDiff, s.Unit, s.Selection, retained: false),
        SuspectsRequest s => Report(s.Second is null ? JsonReportMode.Suspects : JsonReportMode.SuspectsDiff, s.Unit, ObjectSelection.Live, retained: true),
        FinalizableRequest f => Report(f.Second is null ? JsonReportMode.Finalizable : JsonReportMode.FinalizableDiff, f.Unit, ObjectSelection.All, retained: false),
        HandlesRequest h => Report(h.Second is null ? JsonReportMode.Handles : JsonReportMode.HandlesDiff, h.Unit, ObjectSelection.All, h.Retained && h.Second is null),
        FragmentationRequest f => Report(f.Second is null ? JsonReportMode.Fragmentation : JsonReportMode.FragmentationDiff, f.Unit, ObjectSelection.All, retained: false),
        InspectionsRequest i => Report(i.Second is null ? JsonReportMode.Inspections : JsonReportMode.InspectionsDiff, i.Unit, ObjectSelection.Live, retained: false),
        _ => throw new InvalidOperationException($"{request.GetType().Name} writes no JSON"),
    };

    private static JsonReport Report(string mode, SizeUnit unit, ObjectSelection selection, bool retained, HeapGeneration? generation = null) =>
        new(JsonReport.SchemaName, mode, unit.ToString(), SelectionText.Of(selection, generation), retained,
            generation is HeapGeneration g ? HeapGenerations.Name(g) : null, []);
}
