using MemAnalyzer.Analysis;
using MemAnalyzer.Dac;
using MemAnalyzer.Heap;
using MemAnalyzer.Targets;
using MemAnalyzer.Tests.EndToEnd.Strings;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.Integration.Targets;

/// <summary>A target is opened once: the walks read a dump's memory through the core file the session opened, never reopening it.</summary>
[Collection(StringsCollection.Name)]
public sealed class TargetSessionTests(StringsScenario scenario) : IDisposable
{
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void TheWalkReadsTheCoreFileTheSessionOpenedEvenAfterTheFileWasRenamed()
    {
        var copy = _directory.File("opened.dmp");
        File.Copy(scenario.DumpPath, copy);
        var expected = ClrMdOracle.Compute(scenario.DumpPath, ObjectSet.All);
        using var session = TargetSession.OpenDump(copy, DacSearchLocations.FromEnvironment([], ignoreMismatch: false));
        // Reopening the dump by its name would now find nothing, and fall back to ClrMD's reader.
        File.Move(copy, _directory.File("renamed.dmp"));

        var source = session.Heap;
        var snapshot = HeapStatisticsCollector.Collect(source, ObjectSelection.All, WalkOptions.SingleThreaded, CancellationToken.None);

        Assert.Equal("the dump file", source.Memory.Description);
        Assert.Same(source, session.Heap);
        Assert.Equal(expected.OrderBy(p => p.Key, StringComparer.Ordinal), snapshot.Types.ToDictionary(t => t.TypeName, t => (t.Count, t.Bytes)).OrderBy(p => p.Key, StringComparer.Ordinal));
    }

    [Fact]
    public void ReadingEveryObjectThroughClrMdLeavesThePagesOfTheDumpOutOfTheResidentSet()
    {
        var copy = _directory.File("resident.dmp");
        File.Copy(scenario.DumpPath, copy);
        using var session = TargetSession.OpenDump(copy, DacSearchLocations.FromEnvironment([], ignoreMismatch: false));
        var reader = session.Runtime.DataTarget.DataReader;
        var heapBytes = 0L;
        var buffer = new byte[4096];
        // What -inspections' field reads do, whole: every object's bytes read through ClrMD's reader, as the DAC reads.
        foreach (var segment in session.Runtime.Heap.Segments)
        {
            for (var address = segment.ObjectRange.Start; address < segment.ObjectRange.End; address += (ulong)buffer.Length)
            {
                heapBytes += reader.Read(address, buffer.AsSpan(0, (int)Math.Min((ulong)buffer.Length, segment.ObjectRange.End - address)));
            }
        }

        Assert.True(heapBytes > 1 << 20, $"the heap is only {heapBytes:N0} bytes");
        // A positioned read leaves the page in the page cache, outside the process; a mapped file's pages would count
        // here (ClrMD maps the whole core file), as they did: 570 MB of a 676 MB dump after -inspections.
        // ClrMD's own reads of the core's headers and notes go through its map (256 KB seen, with the kernel's fault-around);
        // the heap read through the map made 5,608 KB resident, 1.4 times the heap's bytes.
        var resident = ResidentKilobytesOf(copy);
        Assert.True(resident * 1024 < heapBytes / 4, $"{resident:N0} KB of {Path.GetFileName(copy)} are resident after reading {heapBytes:N0} heap bytes through ClrMD");
    }

    /// <summary>The resident kilobytes of this process's mappings of <paramref name="path"/>, from /proc/self/smaps.</summary>
    private static long ResidentKilobytesOf(string path)
    {
        var (inFile, total) = (false, 0L);
        foreach (var line in File.ReadLines("/proc/self/smaps"))
        {
            if (char.IsAsciiHexDigit(line[0]) && line.Contains('-', StringComparison.Ordinal) && line.Split(' ', StringSplitOptions.RemoveEmptyEntries).Length >= 5)
            {
                inFile = line.EndsWith(path, StringComparison.Ordinal);
            }
            else if (inFile && line.StartsWith("Rss:", StringComparison.Ordinal))
            {
                total += long.Parse(line.Split(' ', StringSplitOptions.RemoveEmptyEntries)[1], System.Globalization.CultureInfo.InvariantCulture);
            }
        }
        return total;
    }
}
