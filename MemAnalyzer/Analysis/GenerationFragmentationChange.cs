namespace MemAnalyzer.Analysis;

/// <summary>One generation's free space on both sides of a -fragmentation diff.</summary>
public sealed record GenerationFragmentationChange(GenerationFragmentation First, GenerationFragmentation Second)
{
    public HeapGeneration Generation => First.Generation;
}
