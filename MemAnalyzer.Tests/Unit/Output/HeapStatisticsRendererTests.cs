using MemAnalyzer.Analysis;
using MemAnalyzer.Output;

namespace MemAnalyzer.Tests.Unit.Output;

public sealed class HeapStatisticsRendererTests
{
    [Fact]
    public void ColumnsAreAlignedWithThousandsSeparatorsAndSummaryRowsLast()
    {
        var snapshot = new HeapSnapshot([new("System.String", 1234, 56789), new("X", 1, 24)], 3, 300, 57113, ObjectSelection.All, []);
        var writer = new StringWriter();

        HeapStatisticsRenderer.Write(writer, snapshot, snapshot.Types, SizeUnit.Bytes);

        Assert.Equal(
            """
            AllocatedBytes  Instances(Count)  Type
                    56,789             1,234  System.String
                        24                 1  X
                       300                 3  Managed Heap(Free)!
                    56,813             1,235  Managed Heap(Allocated)!
                         0                 0  Managed Heap(Frozen)
                    57,113                    Managed Heap(TotalSize)

            """.ReplaceLineEndings("\n"),
            writer.ToString().ReplaceLineEndings("\n"));
    }

    [Fact]
    public void LiveSnapshotsHaveNoFreeRow()
    {
        var snapshot = new HeapSnapshot([new("X", 2, 2048)], 3, 300, 4096, ObjectSelection.Live, []);
        var writer = new StringWriter();

        HeapStatisticsRenderer.Write(writer, snapshot, snapshot.Types, SizeUnit.KB);

        Assert.DoesNotContain("Free", writer.ToString(), StringComparison.Ordinal);
        Assert.StartsWith("AllocatedKB", writer.ToString(), StringComparison.Ordinal);
        var totalLine = writer.ToString().Split('\n').Single(l => l.EndsWith("Managed Heap(TotalSize)", StringComparison.Ordinal));
        Assert.Equal("4", totalLine.Split(' ', StringSplitOptions.RemoveEmptyEntries)[0]);
    }
}
