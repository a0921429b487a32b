using System.Globalization;
using System.Text.RegularExpressions;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Objects;

/// <summary>
/// -objects on a dump of LeakyApp's "leaks" mode: field values, a MemoryCache's keys, an event's handlers and their
/// method, collections' counts and capacities, each compared with ClrMD read directly (<see cref="LeaksOracle"/>).
/// </summary>
[Collection(LeaksTargetCollection.Name)]
public sealed partial class ObjectFieldsTests(LeaksTarget target)
{
    private const string MemoryCacheType = "Microsoft.Extensions.Caching.Memory.MemoryCache";
    private const long CachedOrderRetained = ExpectedCounts.LeaksCachedOrderSize + ExpectedCounts.LeaksPayloadSize;

    [Fact]
    public void TheThreeLargestCachedOrdersShowTheirIdAndTheirPayloadAsAByteArrayOf512()
    {
        var orders = LeaksOracle.Orders(target.DumpPath);
        Assert.Equal(ExpectedCounts.LeaksCacheEntries, orders.Count);

        var output = Run("-objects", ExpectedCounts.LeaksCachedOrderType, "3");

        Assert.StartsWith($"3 of 3,000 live instances of {ExpectedCounts.LeaksCachedOrderType}, largest retained first:\n", output, StringComparison.Ordinal);
        var printed = ObjectsOutput.Parse(output);
        // Every order retains the same bytes: the lowest addresses come first.
        Assert.Equal(
            orders.Take(3).Select(o => (o.Address, Id(o.Id), $"Byte[{o.PayloadLength}] @0x{o.Payload:x} (retained {ExpectedCounts.LeaksPayloadSize} B)")),
            printed.Select(p => (p.Address, p.Field("Id"), p.Field("Payload"))));
        Assert.All(printed, p => Assert.Equal((ExpectedCounts.LeaksCachedOrderType, ExpectedCounts.LeaksCachedOrderSize, (long?)CachedOrderRetained),
            (p.TypeName, p.Size, p.Retained)));
    }

    [Fact]
    public void TheMemoryCacheShowsItsThreeThousandEntriesAndItsTenSmallestKeysWithTheCachedOrders()
    {
        var orders = LeaksOracle.Orders(target.DumpPath).ToDictionary(o => o.Id);

        var lines = ObjectsOutput.Parse(Run("-objects", MemoryCacheType)).Single().Lines;

        var at = lines.ToList().IndexOf("  MemoryCache: 3,000 entries (shown: the smallest keys)");
        Assert.True(at >= 0, string.Join('\n', lines));
        Assert.Equal(
            [.. Enumerable.Range(0, 10).Select(i => $"    \"{ExpectedCounts.LeaksCacheKey(i)}\" = CachedOrder @0x{orders[i].Address:x} (retained {CachedOrderRetained} B)"),
             "    … 2,990 more"],
            lines.Skip(at + 1));
    }

    [Fact]
    public void ThePublishersEventShowsTwoThousandHandlersThatAllCallOnPriceChanged()
    {
        Assert.Equal(new Dictionary<string, int> { [$"{ExpectedCounts.LeaksSubscriberType}.{ExpectedCounts.LeaksHandlerMethod}"] = ExpectedCounts.LeaksSubscribers },
            LeaksOracle.HandlerMethods(target.DumpPath));

        var publisher = ObjectsOutput.Parse(Run("-objects", ExpectedCounts.LeaksPublisherType)).Single();

        Assert.Matches(EventLine(), publisher.Field("PriceChanged"));
    }

    [Fact]
    public void TheEventsDelegateByItsAddressListsItsFirstTenTargets()
    {
        var publisher = ObjectsOutput.Parse(Run("-objects", ExpectedCounts.LeaksPublisherType)).Single();
        var address = EventLine().Match(publisher.Field("PriceChanged")).Groups[1].Value;
        var subscribers = LeaksOracle.HandlerTargets(target.DumpPath).Take(10);

        var lines = ObjectsOutput.Parse(Run("-objects", "0x" + address)).Single().Lines.ToList();

        var at = lines.IndexOf("  delegate: 2,000 handlers");
        Assert.True(at >= 0, string.Join('\n', lines));
        string[] expected = [$"    Subscriber.{ExpectedCounts.LeaksHandlerMethod} ×2,000",
            .. subscribers.Select(s => $"    Subscriber.{ExpectedCounts.LeaksHandlerMethod} on Subscriber @0x{s:x} (retained {(ExpectedCounts.LeaksSubscriberSize + ExpectedCounts.LeaksBufferSize).ToString("N0", CultureInfo.InvariantCulture)} B)"),
            "    … 1,990 more"];
        Assert.Equal(string.Join('\n', expected), string.Join('\n', lines.Skip(at + 1)));
    }

    [Fact]
    public void ATimeoutsCallbackNamesTheLambdaOfStartPoller()
    {
        var node = ObjectsOutput.Parse(Run("-objects", "System.Threading.CancellationTokenSource+CallbackNode", "1")).Single();

        Assert.Matches($@"^Action @0x[0-9a-f]+ \(retained [\d,]+ B\) → LeaksScenario\+<>c__DisplayClass\d+_\d+\.<{ExpectedCounts.LeaksPollerMethod}>b__\d+$",
            node.Field("CallbackState"));
    }

    [Fact]
    public void EachHandlerInTheEventsInvocationListNamesTheMethodItCalls()
    {
        var publisher = ObjectsOutput.Parse(Run("-objects", ExpectedCounts.LeaksPublisherType)).Single();
        var handler = ObjectsOutput.Parse(Run("-objects", "0x" + EventLine().Match(publisher.Field("PriceChanged")).Groups[1].Value)).Single();
        var list = Regex.Match(handler.Field("_invocationList"), "@0x([0-9a-f]+)").Groups[1].Value;

        var lines = ObjectsOutput.Parse(Run("-objects", "0x" + list)).Single().Lines.ToList();

        var elements = lines.Where(l => l.StartsWith("    [", StringComparison.Ordinal)).ToList();
        Assert.Equal(10, elements.Count);
        Assert.All(elements, l => Assert.Matches($@"^    \[\d+\] = EventHandler<PriceChangedEventArgs> @0x[0-9a-f]+ \(retained [\d,]+ B\) → Subscriber\.{ExpectedCounts.LeaksHandlerMethod}$", l));
    }

    [Fact]
    public void TheGenericStaticListShowsItsTenItemsAndItsCapacity()
    {
        var capacity = LeaksOracle.TempWorkCapacity(target.DumpPath);

        var list = ObjectsOutput.Parse(Run("-objects", $"System.Collections.Generic.List<{ExpectedCounts.LeaksTempWorkType}>", "1")).Single();

        Assert.Equal("10", list.Field("_size"));
        Assert.Contains($"  List: count {ExpectedCounts.LeaksTempWork}, capacity {capacity}", list.Lines);
        Assert.Equal(ExpectedCounts.LeaksTempWork, list.Lines.Count(l => Regex.IsMatch(l, @"^    \[\d\] = TempWork @0x[0-9a-f]+ \(retained 24 B\)$")));
    }

    [Fact]
    public void TheHashChainDictionaryShowsItsFortyEntriesAndItsBuckets()
    {
        var buckets = LeaksOracle.ChainBuckets(target.DumpPath);

        var dictionary = ObjectsOutput.Parse(Run("-objects", LeaksOracle.ChainType)).Single();

        Assert.Contains($"  ConcurrentDictionary: count {ExpectedCounts.LeaksChainLength}, capacity {buckets} (shown: the smallest keys)", dictionary.Lines);
    }

    [Fact]
    public void AnAddressInsideAnObjectIsAnErrorNamingTheObjectsStart()
    {
        var order = LeaksOracle.Orders(target.DumpPath)[0].Address;

        var result = MemAnalyzerCli.Run("-f", target.DumpPath, "-objects", $"0x{order + 8:x}");

        CliAssert.Error(result, ExitCodes.InvalidArguments,
            $"error: 0x{order + 8:x} is not the start of an object: it lies 8 bytes into {ExpectedCounts.LeaksCachedOrderType} @0x{order:x} (32 B); run -objects 0x{order:x}");
    }

    [Fact]
    public void AnUnknownTypeIsAnErrorNamingTheClosestTypes()
    {
        var result = MemAnalyzerCli.Run("-f", target.DumpPath, "-objects", ExpectedCounts.LeaksNamespace + ".CachedOrders");

        CliAssert.Error(result, ExitCodes.InvalidArguments,
            $"error: no live object has the type name '{ExpectedCounts.LeaksNamespace}.CachedOrders' (exact, with namespace; * is a wildcard); closest: {ExpectedCounts.LeaksCachedOrderType}");
    }

    private static string Id(long id) => id.ToString(CultureInfo.InvariantCulture);

    private string Run(params string[] arguments)
    {
        var result = MemAnalyzerCli.Run(["-f", target.DumpPath, .. arguments]);
        Assert.True(result.ExitCode == 0, result.ToString());
        return result.StandardOutput;
    }

    [GeneratedRegex($@"^EventHandler<PriceChangedEventArgs> @0x([0-9a-f]+) \(retained [\d,]+ B\): 2,000 handlers, Subscriber\.{ExpectedCounts.LeaksHandlerMethod} ×2,000$")]
    private static partial Regex EventLine();
}
