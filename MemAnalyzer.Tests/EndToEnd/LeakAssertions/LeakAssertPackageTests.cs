using System.Text.RegularExpressions;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.LeakAssertions;

/// <summary>
/// MemAnalyzer.Testing as a user gets it: packed into a folder, restored by an xUnit project (and an NUnit one) that
/// plants leaks, and run with <c>dotnet test</c>. The planted objects are a 24-byte holder class with a byte[1000]
/// (16 B header and MethodTable, 8 B length, 1,000 B data: 1,024 B), so each retains 1,048 B.
/// </summary>
public sealed partial class LeakAssertPackageTests(PackedConsumers consumers) : IClassFixture<PackedConsumers>
{
    private const string Kept = "still alive after full blocking collections.";
    private const string Static = "NOT LEAKING (a static field: lives as long as the app)";
    private const string Expected = "LEAKING (the test expected it to be collected)";

    [Fact]
    public void ADisposedObjectStillHeldIsLeakingBecauseItsOwnStateSaysItIsFinished() =>
        Assert.Equal($"""
            LeakWatch.AssertReleased: 1 of 1 tracked object is {Kept}

            the connection: LeakAssertConsumer.Connection @0x…, 32 B, retains 1,056 B
              ▶static LeakAssertConsumer.Connection.Open → ▶List<Connection>._items → ▶Connection[] → Connection
              Verdicts: static LeakAssertConsumer.Connection.Open: {Static}; Connection: LEAKING (finished (_disposed = true) yet reachable)
              Signature: {SignatureOracle.Of("static LeakAssertConsumer.Connection.Open", "System.Collections.Generic.List<LeakAssertConsumer.Connection>._items", "LeakAssertConsumer.Connection[]")}

            Read from the dump leak-LeakTests.KeptAfterItWasDisposed-….dmp (kept for you; MEMANALYZER_KEEPDUMP=0 deletes it).
            """, Masked(Failure("KeptAfterItWasDisposed")));

    [Fact]
    public void AnObjectKeptByAStaticListFailsWithItsHolderFieldAndExactRetainedBytes() =>
        Assert.Equal($"""
            LeakAssert.Released: 1 of 1 tracked object is {Kept}

            the object: LeakAssertConsumer.Session @0x…, 24 B, retains 1,048 B
              ▶static LeakAssertConsumer.Registry.Sessions → ▶List<Session>._items → ▶Session[] → Session
              Verdicts: static LeakAssertConsumer.Registry.Sessions: {Static}; Session: {Expected}
              Signature: {SignatureOracle.Of("static LeakAssertConsumer.Registry.Sessions", "System.Collections.Generic.List<LeakAssertConsumer.Session>._items", "LeakAssertConsumer.Session[]")}

            Read from the dump leak-LeakTests.KeptByAStaticList-….dmp (kept for you; MEMANALYZER_KEEPDUMP=0 deletes it).
            """, Masked(Failure("KeptByAStaticList")));

    [Fact]
    public void AnObjectKeptByAStaticEventHandlerNamesTheEventAndTheHandlersMethod() =>
        Assert.Equal($"""
            LeakWatch.AssertReleased: 1 of 1 tracked object is {Kept}

            the subscriber: LeakAssertConsumer.Subscriber @0x…, 24 B, retains 1,048 B
              ▶static LeakAssertConsumer.Bus.Changed → ▶EventHandler._target (Subscriber.OnChanged) → Subscriber
              Verdicts: static LeakAssertConsumer.Bus.Changed: {Static}; Subscriber: {Expected}
              Signature: {SignatureOracle.Of("static LeakAssertConsumer.Bus.Changed", "System.EventHandler._target (Subscriber.OnChanged)")}

            Read from the dump leak-LeakTests.KeptByAStaticEventHandler-….dmp (kept for you; MEMANALYZER_KEEPDUMP=0 deletes it).
            """, Masked(Failure("KeptByAStaticEventHandler")));

    /// <summary>
    /// The path's start depends on which timers the runtime's queue holds and which thread fires one at the moment of the
    /// dump (the runtime's timer list, or a pool thread in TimerQueueTimer.Fire); its end is the test's closure.
    /// </summary>
    [Fact]
    public void AnObjectCapturedByATimersClosureNamesTheTimerCallbackAndTheClosure()
    {
        var lines = Masked(Failure("KeptByAClosureInATimer")).Split('\n');
        Assert.Equal($"LeakAssert.Released: 1 of 1 tracked object is {Kept}", lines[0]);
        Assert.Equal("the object: LeakAssertConsumer.Session @0x…, 24 B, retains 1,048 B", lines[2]);
        Assert.EndsWith(" → ▶TimerQueueTimer._timerCallback → ▶TimerCallback._target (LeakTests+<>c__DisplayClass3_0.<KeptByAClosureInATimer>b__1) → ▶LeakTests+<>c__DisplayClass3_0.s → Session", lines[3]);
        Assert.StartsWith("  Verdicts: ", lines[4]);
        Assert.EndsWith($"; Session: {Expected}", lines[4]);
        Assert.Matches("^  Signature: [0-9a-f]{16}$", lines[5]);
        Assert.Equal("Read from the dump leak-LeakTests.KeptByAClosureInATimer-….dmp (kept for you; MEMANALYZER_KEEPDUMP=0 deletes it).", lines[^1]);
    }

    [Fact]
    public void AnObjectKeptByAStaticConcurrentDictionaryNamesTheDictionarysNode() =>
        Assert.Equal($"""
            LeakAssert.Released: 1 of 1 tracked object is {Kept}

            the object: LeakAssertConsumer.Session @0x…, 24 B, retains 1,048 B
              ▶static LeakAssertConsumer.Cache.Entries → ▶ConcurrentDictionary<Int32, Session>._tables → ▶ConcurrentDictionary<Int32, Session>+Tables._buckets → ▶ConcurrentDictionary<Int32, Session>+VolatileNode[] → ▶ConcurrentDictionary<Int32, Session>+Node._value → Session
              Verdicts: static LeakAssertConsumer.Cache.Entries: {Static}; Session: {Expected}
              Signature: {SignatureOracle.Of("static LeakAssertConsumer.Cache.Entries", "System.Collections.Concurrent.ConcurrentDictionary<System.Int32, LeakAssertConsumer.Session>._tables", "System.Collections.Concurrent.ConcurrentDictionary<System.Int32, LeakAssertConsumer.Session>+Tables._buckets", "System.Collections.Concurrent.ConcurrentDictionary<System.Int32, LeakAssertConsumer.Session>+VolatileNode[]", "System.Collections.Concurrent.ConcurrentDictionary<System.Int32, LeakAssertConsumer.Session>+Node._value")}

            Read from the dump leak-LeakTests.KeptByAStaticConcurrentDictionary-….dmp (kept for you; MEMANALYZER_KEEPDUMP=0 deletes it).
            """, Masked(Failure("KeptByAStaticConcurrentDictionary")));

    [Fact]
    public void NoLiveInstancesCountsEveryReachableInstanceWithItsPathAndRetainedBytes() =>
        Assert.Equal($"""
            LeakAssert.NoLiveInstances: 2 instances of LeakAssertConsumer.Ticket are still reachable after full blocking collections (48 B).

            Root path:
              2 instances, 48 B, retains 2,096 B: ▶static LeakAssertConsumer.Counter.Tickets → ▶List<Ticket>._items → ▶Ticket[] → Ticket
              Verdicts: static LeakAssertConsumer.Counter.Tickets: {Static}; Ticket: {Expected}
              Signature: {SignatureOracle.Of("static LeakAssertConsumer.Counter.Tickets", "System.Collections.Generic.List<LeakAssertConsumer.Ticket>._items", "LeakAssertConsumer.Ticket[]")}

            Read from the dump leak-LeakTests.NoLiveInstancesFailsWhileAHolderHasThem-….dmp (kept for you; MEMANALYZER_KEEPDUMP=0 deletes it).
            """, Masked(Failure("NoLiveInstancesFailsWhileAHolderHasThem")));

    /// <summary>The list retains itself (32 B), its byte[][2000] (24 + 16,000 B) and 2,000 byte[10000] (10,024 B each).</summary>
    [Fact]
    public void NoNewLeaksFailsOnASuspectWhoseSignatureTheBaselineDoesNotListWithItsPathAndExactRetainedBytes() =>
        Assert.Equal($"""
            LeakAssert.NoNewLeaks: 1 leak suspect is not in the baseline …/known-leaks.txt (0 known suspects left out).

            System.Collections.Generic.List<System.Byte[]> @0x… retains {32 + 16_024 + 2_000 * 10_024:N0} B
              ▶static LeakAssertConsumer.Archive.Pages → ▶List<Byte[]>._items → ▶Byte[][]
              Verdicts: static LeakAssertConsumer.Archive.Pages: {Static}
              Signature: {SignatureOracle.Of("static LeakAssertConsumer.Archive.Pages", "System.Collections.Generic.List<System.Byte[]>._items", "System.Byte[][]")} (new: not in the baseline)

            Read from the dump leak-LeakTests.NoNewLeaksFailsOnALeakTheBaselineDoesNotKnow-….dmp (kept for you; MEMANALYZER_KEEPDUMP=0 deletes it).
            """, Baseline().Replace(Masked(Failure("NoNewLeaksFailsOnALeakTheBaselineDoesNotKnow")), "…/known-leaks.txt"));

    [Fact]
    public void ReleasedObjectsClearedHoldersAndKnownLeaksPass()
    {
        Assert.Equal("Passed", consumers.XUnit.Results["DroppedObjectIsReleased"].Outcome);
        Assert.Equal("Passed", consumers.XUnit.Results["NoLiveInstancesPassesOnceTheHolderIsCleared"].Outcome);
        // known-leaks.txt lists the signature of the same leak under static Journal.Pages.
        Assert.Equal("Passed", consumers.XUnit.Results["NoNewLeaksPassesWhenTheBaselineKnowsTheLeak"].Outcome);
    }

    [Fact]
    public void OnlyFailingAssertionsLeaveADumpInTheTestsOutputFolder()
    {
        var failed = consumers.XUnit.Results.Where(r => r.Value.Outcome == "Failed").Select(r => r.Key).Order(StringComparer.Ordinal);
        var dumps = Directory.GetFiles(consumers.XUnit.OutputFolder, "leak-LeakTests.*.dmp").Select(f => DumpTest().Match(Path.GetFileName(f)).Groups[1].Value);
        Assert.Equal(["KeptAfterItWasDisposed", "KeptByAClosureInATimer", "KeptByAStaticConcurrentDictionary", "KeptByAStaticEventHandler", "KeptByAStaticList",
            "NoLiveInstancesFailsWhileAHolderHasThem", "NoNewLeaksFailsOnALeakTheBaselineDoesNotKnow"], failed);
        Assert.Equal(failed, dumps.Order(StringComparer.Ordinal));
    }

    [Theory]
    [InlineData("KeptByAStaticList", "LeakAssertConsumer.Session")]
    [InlineData("KeptByAStaticEventHandler", "LeakAssertConsumer.Subscriber")]
    [InlineData("KeptByAClosureInATimer", "LeakAssertConsumer.Session")]
    [InlineData("KeptByAStaticConcurrentDictionary", "LeakAssertConsumer.Session")]
    public void TheKeptDumpHoldsTheSurvivorAtTheAddressTheMessageGives(string test, string type)
    {
        var message = Failure(test);
        var address = Convert.ToUInt64(Address().Match(message).Groups[1].Value, 16);
        var dump = DumpPath().Match(message).Groups[1].Value;

        // The oracle: ClrMD alone reads the dump the test process wrote of itself.
        using var local = LocalDump.Open(dump);
        Assert.Equal(type, local.Runtime.Heap.GetObject(address).Type?.Name);
    }

    [Fact]
    public void TheRuntimesDumpWriterPrintsNothingIntoTheTestRunsOutput()
    {
        Assert.Contains("Passed LeakAssertConsumer.LeakTests.DroppedObjectIsReleased", consumers.XUnit.Process.StandardOutput);
        Assert.DoesNotContain("createdump", consumers.XUnit.Process.StandardOutput + consumers.XUnit.Process.StandardError);
    }

    [Fact]
    public void UnderNUnitAKeptObjectFailsWithItsPathAndADroppedOnePasses()
    {
        Assert.Equal("Passed", consumers.NUnit.Results["TakenOffTheShelf"].Outcome);
        Assert.Equal($"""
            MemAnalyzer.Testing.LeakAssertionException : LeakWatch.AssertReleased: 1 of 1 tracked object is {Kept}

            the widget: LeakAssertConsumerNUnit.Widget @0x…, 24 B, retains 1,048 B
              ▶static LeakAssertConsumerNUnit.Shelf.Widgets → ▶Dictionary<String, Widget>._entries → ▶Dictionary<String, Widget>+Entry[] → Widget
              Verdicts: static LeakAssertConsumerNUnit.Shelf.Widgets: {Static}; Widget: {Expected}
              Signature: {SignatureOracle.Of("static LeakAssertConsumerNUnit.Shelf.Widgets", "System.Collections.Generic.Dictionary<System.String, LeakAssertConsumerNUnit.Widget>._entries", "System.Collections.Generic.Dictionary<System.String, LeakAssertConsumerNUnit.Widget>+Entry[]")}

            Read from a dump of the test process, deleted (MEMANALYZER_KEEPDUMP=0).
            """, Masked(consumers.NUnit.Results["KeptOnAShelf"].Message));
        Assert.Empty(Directory.GetFiles(consumers.NUnit.OutputFolder, "*.dmp"));
    }

    [Fact]
    public void UnderXunitV3AKeptObjectFailsWithItsPathAndSignatureAndAReleasedOnePasses()
    {
        Assert.Equal("Passed", consumers.XUnit3.Results["SoldLampIsReleased"].Outcome);
        var result = consumers.XUnit3.Results["KeptInTheShowroom"];
        Assert.Equal("Failed", result.Outcome);
        Assert.Equal($"""
            MemAnalyzer.Testing.LeakAssertionException : LeakAssert.Released: 1 of 1 tracked object is {Kept}

            the object: LeakAssertConsumerXunit3.Lamp @0x…, 24 B, retains 1,048 B
              ▶static LeakAssertConsumerXunit3.Showroom.Lamps → ▶List<Lamp>._items → ▶Lamp[] → Lamp
              Verdicts: static LeakAssertConsumerXunit3.Showroom.Lamps: {Static}; Lamp: {Expected}
              Signature: {SignatureOracle.Of("static LeakAssertConsumerXunit3.Showroom.Lamps", "System.Collections.Generic.List<LeakAssertConsumerXunit3.Lamp>._items", "LeakAssertConsumerXunit3.Lamp[]")}

            Read from the dump leak-Xunit3LeakTests.KeptInTheShowroom-….dmp (kept for you; MEMANALYZER_KEEPDUMP=0 deletes it).
            """, Stamped(result.Message));
    }

    private string Failure(string test)
    {
        var result = consumers.XUnit.Results[test];
        Assert.True(result.Outcome == "Failed", $"{test}: {result.Outcome}");
        const string exception = "MemAnalyzer.Testing.LeakAssertionException : ";
        Assert.StartsWith(exception, result.Message);
        return result.Message[exception.Length..].ReplaceLineEndings("\n").TrimEnd();
    }

    private string Masked(string message)
    {
        var text = Address().Replace(message.ReplaceLineEndings("\n").TrimEnd(), "@0x…");
        return DumpPath().Replace(text, m => $"the dump {DumpTest().Replace(Path.GetFileName(m.Groups[1].Value), "leak-LeakTests.$1-….dmp")} (");
    }

    /// <summary>A message with its address, dump folder and dump stamp masked: "the dump leak-Class.Test-….dmp (".</summary>
    private static string Stamped(string message) =>
        DumpStamp().Replace(DumpPath().Replace(Address().Replace(message.ReplaceLineEndings("\n").TrimEnd(), "@0x…"),
            m => $"the dump {Path.GetFileName(m.Groups[1].Value)} ("), "-….dmp");

    [GeneratedRegex(@"/\S+/known-leaks\.txt")]
    private static partial Regex Baseline();

    [GeneratedRegex(@"-\d+-[\d-]+\.dmp")]
    private static partial Regex DumpStamp();

    [GeneratedRegex(@"@0x([0-9a-f]+)")]
    private static partial Regex Address();

    [GeneratedRegex(@"the dump (/\S+\.dmp) \(")]
    private static partial Regex DumpPath();

    [GeneratedRegex(@"^leak-LeakTests\.(\w+)-\d+-[\d-]+\.dmp$")]
    private static partial Regex DumpTest();
}
