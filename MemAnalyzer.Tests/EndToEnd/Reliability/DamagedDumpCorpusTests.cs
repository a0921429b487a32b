using System.Collections.Concurrent;
using System.Globalization;
using System.Text.RegularExpressions;
using MemAnalyzer.TestTargets;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Reliability;

/// <summary>
/// A corpus of dumps damaged in different ways, each a patched copy of one real LeakyApp dump: a zeroed page, a corrupted
/// string or array length, memory left out of the dump, random bytes at several places, and a MethodTable-like word
/// planted inside damaged bytes. Each gets its exact outcome from <see cref="DamageOracle"/> (ClrMD on the undamaged
/// dump plus the patched addresses): the types' counts outside the damage, the Unreadable row's bytes and places, the
/// warning, and exit code 6 above 1 % of the heap, 0 with -allowdamage.
/// </summary>
[Collection(RootsCollection.Name)]
public sealed class DamagedDumpCorpusTests(RootsScenario scenario) : IDisposable
{
    private const string Unreadable = "Managed Heap(Unreadable)!";
    private const string Garbage = ExpectedCounts.TargetNamespace + ".GarbageItem";
    private const string Data = ExpectedCounts.TargetNamespace + ".DataInstance";
    private const string DataArray = ExpectedCounts.TargetNamespace + ".DataInstance[]";
    private static readonly ConcurrentDictionary<string, DamageOracle> s_oracles = new();
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    private DamageOracle Oracle => s_oracles.GetOrAdd(scenario.DumpPath, DamageOracle.Of);

    [Fact]
    public void AZeroedPageInTheMiddleOfASegmentIsOneDamagedPlaceAndEveryObjectOutsideItIsCountedExactly()
    {
        var middle = LargestSegmentMiddle();
        var page = (middle.Address + 4095) & ~4095UL;
        // The object reaching into the page keeps its header, and its size does not depend on a zeroed length.
        Assert.False(Oracle.Holding(page)?.HasLength ?? false);
        var lost = Oracle.LostRange(Oracle.FirstAtOrAfter(page), page + 4096);
        var damaged = Copy("zeroed-page");
        DumpPatcher.Zero(damaged, page, 4096);

        var result = MemAnalyzerCli.Run("-f", damaged, "-dts", "100000");

        AssertWalk(result, [lost], ExitCodes.Success);
        Assert.Equal(ExpectedCounts.Garbage, TableOutput.Parse(result.StandardOutput)[Garbage].Count);
    }

    [Fact]
    public void DuplicateStringsOnADumpWithAZeroedPageWarnOfTheSameDamagedBytesTheTypeTableShows()
    {
        var middle = LargestSegmentMiddle();
        var page = (middle.Address + 4095) & ~4095UL;
        var lost = Oracle.LostRange(Oracle.FirstAtOrAfter(page), page + 4096);
        var damaged = Copy("zeroed-page-dstrings");
        DumpPatcher.Zero(damaged, page, 4096);

        var result = MemAnalyzerCli.Run("-f", damaged, "-dstrings");

        Assert.True(result.ExitCode == ExitCodes.Success, result.ToString());
        Assert.Contains($"warning: {(long)(lost.End - lost.Start):N0} bytes in 1 damaged place of the heap could not be walked: the strings there are not counted", result.StandardError, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("-retained")]
    [InlineData("-roots")]
    [InlineData("-suspects")]
    [InlineData("-dominators")]
    [InlineData("-objects")]
    [InlineData("-sql")]
    public void EveryViewOfTheObjectGraphOnADumpWithAZeroedPageFailsWithExitCode6AndOneLineSayingWhatToDo(string view)
    {
        var middle = LargestSegmentMiddle();
        var page = (middle.Address + 4095) & ~4095UL;
        var damaged = Copy("zeroed-page-" + view.TrimStart('-'));
        DumpPatcher.Zero(damaged, page, 4096);

        // Every view built on the live object graph and its dominator tree refuses a graph with a hole in it.
        var result = MemAnalyzerCli.Run(view switch
        {
            "-retained" => ["-f", damaged, "-live", "-retained"],
            "-roots" or "-objects" => ["-f", damaged, view, Data],
            "-sql" => ["-f", damaged, view, "SELECT count(*) FROM objects"],
            _ => ["-f", damaged, view],
        });

        CliAssert.Error(result, ExitCodes.HeapUnreadable, "could not be read");
        Assert.EndsWith("; the dump may be damaged: take it again (the type table without -retained or -roots counts around damaged places)", CliAssert.ErrorMessage(result.StandardError), StringComparison.Ordinal);
    }

    [Fact]
    public void AHugeStringLengthIsOneDamagedPlaceTheSizeOfThatStringAndTheWalkGoesOnAfterIt()
    {
        var strings = Oracle.Objects.Where(o => o.Type == "System.String" && !o.Frozen && o.Address + o.Size < o.SegmentEnd).ToList();
        var text = strings[strings.Count / 2];
        var lost = Oracle.LostRange(text, text.Address + 8);
        Assert.Equal(text.Address + ((text.Size + 7) & ~7UL), lost.End);
        var damaged = Copy("string-length");
        DumpPatcher.Overwrite(damaged, text.Address + 8, BitConverter.GetBytes(0x7FFF_FFF0));

        var result = MemAnalyzerCli.Run("-f", damaged, "-dts", "100000");

        AssertWalk(result, [lost], ExitCodes.Success);
        Assert.Equal(ExpectedCounts.DataInstances, TableOutput.Parse(result.StandardOutput)[Data].Count);
    }

    [Fact]
    public void ANegativeLengthOfAnArrayLargerThanOnePercentFailsWithExitCode6UnlessAllowedAndEveryOtherObjectIsExact()
    {
        var array = Oracle.Objects.Single(o => o.Type == DataArray);
        var lost = Oracle.LostRange(array, array.Address + 8);
        Assert.True((long)(lost.End - lost.Start) * 100 > Oracle.SegmentBytes, "the array must be more than 1 % of the heap");
        var damaged = Copy("array-length");
        DumpPatcher.Overwrite(damaged, array.Address + 8, BitConverter.GetBytes(-1));

        var refused = MemAnalyzerCli.Run("-f", damaged, "-dts", "100000");
        var allowed = MemAnalyzerCli.Run("-f", damaged, "-dts", "100000", "-allowdamage");

        AssertWalk(refused, [lost], ExitCodes.HeapUnreadable);
        AssertWalk(allowed, [lost], ExitCodes.Success);
        Assert.Equal(refused.StandardOutput, allowed.StandardOutput);
        Assert.Equal(ExpectedCounts.DataInstances, TableOutput.Parse(allowed.StandardOutput)[Data].Count);
    }

    [Fact]
    public void MemoryLeftOutOfTheDumpIsOneDamagedPlaceFromTheFirstObjectItReachesToTheSegmentsEnd()
    {
        var middle = LargestSegmentMiddle();
        // The last 64 KiB of the largest segment: the raw walk needs an object's first 16 bytes to size it.
        var cut = ((middle.SegmentEnd - (64 * 1024)) + 4095) & ~4095UL;
        var first = Oracle.Objects.First(o => o.Address + 16 > cut);
        var damaged = Copy("left-out");
        var rangeEnd = DumpPatcher.LeaveOut(damaged, cut);
        var lost = Oracle.LostRange(first, rangeEnd);
        Assert.Equal(middle.SegmentEnd, lost.End);

        var refused = MemAnalyzerCli.Run("-f", damaged, "-dts", "100000");
        var allowed = MemAnalyzerCli.Run("-f", damaged, "-dts", "100000", "-allowdamage");

        AssertWalk(refused, [lost], ExitCodes.HeapUnreadable);
        AssertWalk(allowed, [lost], ExitCodes.Success);
        Assert.Equal(ExpectedCounts.Garbage, TableOutput.Parse(allowed.StandardOutput)[Garbage].Count);
    }

    [Fact]
    public void RandomBytesAtFivePlacesAreFiveDamagedPlacesWithExactBytesAndEveryObjectOutsideThemIsCountedExactly()
    {
        var random = new Random(19);
        var candidates = Oracle.Objects.Select((o, i) => (Object: o, Index: i)).Where(p => !p.Object.IsFree && !p.Object.Frozen && p.Object.Size < 512).ToList();
        var picked = new List<(ulong Start, ulong End)>();
        var damaged = Copy("random");
        var lastIndex = -1000;
        for (var place = 0; place < 5; place++)
        {
            // Apart by hundreds of objects, so that no place reaches the objects the walk resynchronises on after another.
            var (target, index) = candidates[(candidates.Count / 5 * place) + random.Next(candidates.Count / 10)];
            Assert.True(index > lastIndex + 100);
            lastIndex = index;
            var bytes = new byte[8 + (8 * random.Next(1, 50))];
            random.NextBytes(bytes);
            DumpPatcher.Overwrite(damaged, target.Address, bytes);
            picked.Add(Oracle.LostRange(target, target.Address + (ulong)bytes.Length));
        }

        var result = MemAnalyzerCli.Run("-f", damaged, "-dts", "100000");

        AssertWalk(result, picked, ExitCodes.Success);
    }

    [Fact]
    public void AKnownMethodTableInsideDamagedBytesIsNotTrustedWithoutTheObjectsThatFollowIt()
    {
        // Ten small objects in a row are overwritten with random bytes, except for one word in the middle: the
        // MethodTable of DataInstance, a type the walk already knows, where an object of its size would fit.
        var data = Oracle.Objects.Where(o => o.Type == Data).ToList();
        var first = data[data.Count / 2];
        var index = Oracle.Objects.IndexOf(first);
        var run = Oracle.Objects.GetRange(index, 13);
        Assert.All(run, o => Assert.False(o.HasLength || o.IsFree));
        Assert.Equal(first.SegmentEnd, run[^1].SegmentEnd);
        var damageEnd = run[10].Address;
        var bytes = new byte[(int)(damageEnd - first.Address)];
        new Random(1919).NextBytes(bytes);
        using (var dump = LocalDump.Open(scenario.DumpPath))
        {
            BitConverter.GetBytes(dump.Runtime.Heap.GetObject(first.Address).Type!.MethodTable).CopyTo(bytes, 64);
        }
        var damaged = Copy("planted-methodtable");
        DumpPatcher.Overwrite(damaged, first.Address, bytes);

        var result = MemAnalyzerCli.Run("-f", damaged, "-dts", "100000");

        AssertWalk(result, [(first.Address, damageEnd)], ExitCodes.Success);
    }

    [Fact]
    public void AfterADamagedObjectTheWalkResynchronisesOnTheNextObjectEvenWhenItsTypeWasNeverMetBefore()
    {
        // An object whose type has no other instance follows the damaged one: no walk can have met its MethodTable before.
        var once = Oracle.Objects.Where(o => !o.IsFree).GroupBy(o => o.Type).Where(g => g.Count() == 1).Select(g => g.Single()).ToHashSet();
        var pairs = Oracle.Objects.Zip(Oracle.Objects.Skip(1))
            .Where(p => once.Contains(p.Second) && !p.Second.Frozen && !p.First.IsFree && p.First.SegmentEnd == p.Second.SegmentEnd)
            .ToList();
        var (damagedObject, unmet) = pairs[pairs.Count / 2];
        var lost = Oracle.LostRange(damagedObject, damagedObject.Address + 8);
        Assert.Equal(unmet.Address, lost.End);
        var damaged = Copy("unmet-type");
        DumpPatcher.CorruptMethodTable(damaged, damagedObject.Address);

        var result = MemAnalyzerCli.Run("-f", damaged, "-dts", "100000");

        AssertWalk(result, [lost], ExitCodes.Success);
        Assert.Equal(1, TableOutput.Parse(result.StandardOutput)[unmet.Type].Count);
    }

    /// <summary>The type rows, Free, Allocated and Unreadable rows, the warning and the exit code a walk of the damaged copy must show.</summary>
    private void AssertWalk(ProcessResult result, IReadOnlyCollection<(ulong Start, ulong End)> lost, int exitCode)
    {
        Assert.True(result.ExitCode == exitCode, result.ToString());
        var expected = Oracle.CountsOutside(lost);
        var unreadable = lost.Sum(r => (long)(r.End - r.Start));
        var rows = TableOutput.Parse(result.StandardOutput);
        var types = rows.Values.Where(r => !r.Label.StartsWith("Managed Heap", StringComparison.Ordinal)).Select(r => (r.Label, r.Count!.Value, r.Bytes));
        Assert.Equal(expected.Select(p => (p.Key, p.Value.Count, p.Value.Bytes)).Order(), types.Order());
        Assert.Equal((unreadable, (long?)lost.Count), (rows[Unreadable].Bytes, rows[Unreadable].Count));
        var (freeCount, freeBytes) = Oracle.FreeOutside(lost);
        Assert.Equal((freeBytes, (long?)freeCount), (rows["Managed Heap(Free)!"].Bytes, rows["Managed Heap(Free)!"].Count));
        Assert.Equal((expected.Values.Sum(v => v.Bytes), (long?)expected.Values.Sum(v => v.Count)), (rows["Managed Heap(Allocated)!"].Bytes, rows["Managed Heap(Allocated)!"].Count));
        var percent = (100.0 * unreadable / Oracle.SegmentBytes).ToString("0.##", CultureInfo.InvariantCulture);
        var lines = result.StandardError.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.Equal($"warning: {unreadable:N0} bytes ({percent} % of the heap's segments) in {lost.Count} damaged places could not be walked and are not counted (row {Unreadable}): the dump may be damaged; take it again", lines[0]);
        Assert.Equal(exitCode == ExitCodes.Success ? 1 : 2, lines.Length);
        if (exitCode == ExitCodes.HeapUnreadable)
        {
            Assert.Matches(new Regex($@"^error: {Regex.Escape(percent)} % of the managed heap \({unreadable:N0} bytes in {lost.Count} damaged places\) could not be walked, more than 1 %: "), lines[1]);
        }
    }

    /// <summary>An object in the middle of the largest segment of the undamaged dump.</summary>
    private OracleObject LargestSegmentMiddle()
    {
        var largest = Oracle.Objects.GroupBy(o => o.SegmentEnd).MaxBy(g => g.Count())!.ToList();
        return largest[largest.Count / 2];
    }

    private string Copy(string name)
    {
        var copy = _directory.File($"{name}.dmp");
        File.Copy(scenario.DumpPath, copy);
        return copy;
    }
}
