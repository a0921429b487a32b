using MemAnalyzer.GcDump;

namespace MemAnalyzer.Tests.Unit.GcDump;

/// <summary>The .gcdump reader on bytes written as docs/gcdump-format.md describes them.</summary>
public sealed class GcDumpReaderTests
{
    [Theory]
    [InlineData(new byte[] { 0x00 }, 0)]
    [InlineData(new byte[] { 0x3f }, 63)]
    [InlineData(new byte[] { 0x40 }, -64)]
    [InlineData(new byte[] { 0x7f }, -1)]
    [InlineData(new byte[] { 0x80, 0x40 }, 64)]
    [InlineData(new byte[] { 0x8f, 0x50 }, 2000)]
    [InlineData(new byte[] { 0x81, 0x80, 0x00 }, 1 << 14)]
    [InlineData(new byte[] { 0x87, 0xff, 0xff, 0xff, 0x7f }, int.MaxValue)]
    [InlineData(new byte[] { 0xf8, 0x80, 0x80, 0x80, 0x00 }, int.MinValue)]
    [InlineData(new byte[] { 0xf8, 0x80, 0x80, 0x80, 0xff }, int.MinValue + 255)]
    public void ACompressedIntegerIsSevenBitsPerByteWithTheFirstBytesSignExtended(byte[] bytes, int expected)
    {
        var at = 0;
        Assert.Equal(expected, CompressedInt.Read(bytes, ref at));
        Assert.Equal(bytes.Length, at);
    }

    [Fact]
    public void TheReaderKeepsTheTypesNodesSizesReferencesAndAddresses()
    {
        var file = GcDumpReader.Read(new MemoryStream(GcDumpBytes.Small()));
        Assert.Equal((5, 1, 2048L, "unit test"), (file.NodeCount, file.RootNode, file.TotalBytes, file.CreationTool));
        Assert.Equal(["UNDEFINED", "[.NET Roots]", "Acme.Item", "Acme.Item[] (Bytes > 1K)"], file.Types.Select(t => t.Name));
        Assert.Equal([0UL, 0, 0x1000, 0x1018, 0x2000], file.Addresses);
        Assert.Equal(3, GcDumpNodes.Read(file, 3, out var size, out var children, out var at));
        Assert.Equal((2000, 1), (size, children));
        Assert.Equal(2, GcDumpNodes.NextChild(file, 3, ref at));
        Assert.Equal(2, GcDumpNodes.Read(file, 4, out size, out children, out at));
        Assert.Equal((24, 1, 3), (size, children, GcDumpNodes.NextChild(file, 4, ref at)));
        Assert.False(file.Sampled);
    }

    [Fact]
    public void TheTypeTableCountsObjectNodesOnlyAndALargeObjectsSizeBucketWithItsType()
    {
        var file = GcDumpReader.Read(new MemoryStream(GcDumpBytes.Small()));
        var snapshot = GcDumpHistogram.Of(file, [], CancellationToken.None);
        Assert.Equal([("Acme.Item", 2L, 48L), ("Acme.Item[]", 1L, 2000L)], snapshot.Types.OrderBy(t => t.TypeName, StringComparer.Ordinal).Select(t => (t.TypeName, t.Count, t.Bytes)));
        Assert.Equal(2048, snapshot.SegmentBytes);
    }

    [Fact]
    public void TheObjectGraphNumbersObjectsByAddressAndKeepsOnlyReferencesBetweenObjects()
    {
        var graph = GcDumpGraph.Build(GcDumpReader.Read(new MemoryStream(GcDumpBytes.Small())), CancellationToken.None);
        Assert.Equal(3, graph.Count);
        Assert.Equal(["Acme.Item", "Acme.Item[]", "Acme.Item"], graph.TypeIndex.ToArray().Select(t => graph.TypeNames[t]));
        Assert.Equal([24L, 2000, 24], Enumerable.Range(0, 3).Select(graph.SizeOf));
        Assert.Equal([0, 0, 1, 2], graph.EdgeStart);
        Assert.Equal([0, 1], graph.Edges[..2]);
        Assert.Equal([0, 1], graph.RootObjects);
    }

    [Fact]
    public void ASampledGcdumpIsAnalyzedWithAWarningThatItsCountsAreTheSamples()
    {
        var whole = GcDumpWarnings.Of(GcDumpReader.Read(new MemoryStream(GcDumpBytes.Small())));
        var sampled = GcDumpWarnings.Of(GcDumpReader.Read(new MemoryStream(GcDumpBytes.Small(countMultiplier: 4))));
        Assert.DoesNotContain(whole, w => w.Contains("sample", StringComparison.Ordinal));
        Assert.Contains(sampled, w => w.StartsWith("the gcdump holds a sample of the heap (count ×4", StringComparison.Ordinal));
    }

    [Fact]
    public void AGcdumpWhoseRuntimeIsUnknownIsAnalyzedWithTheLossyBufferingWarning() =>
        Assert.Contains(GcDumpWarnings.Of(GcDumpReader.Read(new MemoryStream(GcDumpBytes.Small()))),
            w => w.StartsWith("the gcdump was collected from runtime (unknown)", StringComparison.Ordinal));

    [Fact]
    public void AFileCutShortAtAnyByteIsAFormatErrorAndNeverAnotherException()
    {
        var bytes = GcDumpBytes.Small();
        for (var length = 0; length < bytes.Length; length++)
        {
            var cut = bytes[..length];
            Assert.Throws<GcDumpFormatException>(() => GcDumpReader.Read(new MemoryStream(cut)));
        }
    }

    [Fact]
    public void AFastSerializationFileOfAnotherKindIsRefusedByName()
    {
        var e = Assert.Throws<GcDumpFormatException>(() => GcDumpReader.Read(new MemoryStream(GcDumpBytes.Small("Microsoft.Diagnostics.Tracing.TraceLog"))));
        Assert.Contains("found 'Microsoft.Diagnostics.Tracing.TraceLog'", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void AReferenceToANodeThatDoesNotExistIsAFormatError()
    {
        var bytes = GcDumpBytes.Small();
        var lastRecord = bytes.AsSpan().IndexOf(new byte[] { 4, 1, 0x7f, 5, 0, 0, 0 });
        bytes[lastRecord + 2] = 0x3f;
        var e = Assert.Throws<GcDumpFormatException>(() => GcDumpReader.Read(new MemoryStream(bytes)));
        Assert.Contains("node 4 references node 67, but the graph has 5 nodes", e.Message, StringComparison.Ordinal);
    }
}
