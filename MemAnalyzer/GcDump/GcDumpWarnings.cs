namespace MemAnalyzer.GcDump;

/// <summary>What a gcdump cannot say exactly, in a user's words: sampling, and the events a lossy collection may have dropped.</summary>
public static class GcDumpWarnings
{
    /// <summary>The first runtime whose EventPipe sessions can buffer without dropping events (dotnet-gcdump uses it from .NET 11 on).</summary>
    public const int FirstLosslessRuntime = 11;

    /// <summary>dotnet-gcdump stops adding objects to the graph at this many nodes.</summary>
    public const int NodeLimit = 10_000_000;

    public static IReadOnlyList<string> Of(GcDumpFile file)
    {
        var warnings = new List<string>();
        if (file.Sampled)
        {
            warnings.Add($"the gcdump holds a sample of the heap (count ×{file.CountMultiplier:0.###}, size ×{file.SizeMultiplier:0.###} on average): the counts and bytes are the sample's, not the heap's");
        }
        if (file.NodeCount >= NodeLimit)
        {
            warnings.Add($"the gcdump holds {file.NodeCount:N0} nodes, dotnet-gcdump's limit: it stopped there, so the heap had more objects than the counts show");
        }
        var runtime = file.RuntimeVersion;
        if (runtime is null || !int.TryParse(runtime.Split('.')[0], System.Globalization.CultureInfo.InvariantCulture, out var major) || major < FirstLosslessRuntime)
        {
            warnings.Add($"the gcdump was collected from runtime {runtime ?? "(unknown)"}, whose event buffering may drop events on a large heap (lossless from .NET {FirstLosslessRuntime}): dotnet-gcdump then leaves objects out without saying so, and the counts may fall short");
        }
        return warnings;
    }
}
