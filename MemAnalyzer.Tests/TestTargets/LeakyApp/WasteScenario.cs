using System.Collections.Concurrent;
using System.Reactive.Subjects;
using System.Threading.Channels;

namespace MemAnalyzer.TestTargets.LeakyApp;

public sealed class WasteItem;

public sealed class WasteMessage;

public sealed class WasteJob;

/// <summary>Holds a backlog in an instance field.</summary>
public sealed class WasteWorker(Queue<WasteJob> jobs)
{
    private readonly Queue<WasteJob> _jobs = jobs;

    public int Pending => _jobs.Count;
}

public struct WasteCell
{
    public int Value;
}

/// <summary>An element of the lists of two that a List&lt;List&lt;WasteTag&gt;&gt; holds: a vertical bar.</summary>
public sealed class WasteTag
{
}

public enum WasteMode
{
    Idle,
    Busy,
}

/// <summary>A setting whose value is a field typed object: an enum assigned to it is boxed.</summary>
public sealed class WasteSetting(object mode)
{
    public readonly object Mode = mode;
}

/// <summary>A key whose every instance has one hash code.</summary>
public sealed class WasteKey(int id)
{
    public int Id { get; } = id;

    public override int GetHashCode() => 42;

    public override bool Equals(object? obj) => obj is WasteKey other && other.Id == Id;
}

/// <summary>A key with a hash code of its own.</summary>
public sealed class WasteGoodKey(int id)
{
    public int Id { get; } = id;

    public override int GetHashCode() => Id;

    public override bool Equals(object? obj) => obj is WasteGoodKey other && other.Id == Id;
}

/// <summary>
/// A source of messages whose subscribers never dispose their subscriptions. Its subject is subscribed to before the
/// feed exists, so the walk meets the subscriptions (which point back to the subject) before the field that holds it.
/// </summary>
public sealed class WasteFeed(Subject<WasteMessage> updates)
{
    private readonly Subject<WasteMessage> _updates = updates;

    public void Publish(WasteMessage message) => _updates.OnNext(message);

    /// <summary>A subscription its caller never disposes.</summary>
    public IDisposable Subscribe(Action<WasteMessage> onNext) => _updates.Subscribe(onNext);
}

/// <summary>The "waste" mode (ExpectedCounts.Waste): every pattern held by a static, with its near-misses.</summary>
public static class WasteScenario
{
    private static readonly List<object> s_held = [];
    private static Channel<WasteMessage>? s_channel;
    private static readonly Subject<WasteJob> s_quietJobs = new();

    /// <summary>The feed whose subject the subscriptions never leave (held by the list of planted objects only).</summary>
    public static WasteFeed Feed => s_held.OfType<WasteFeed>().Single();

    /// <summary>A ulong[WasteZeroLength] never written.</summary>
    public static ulong[] ZeroArray() => new ulong[ExpectedCounts.WasteZeroLength];

    /// <summary>A short[WasteConstantLength] of WasteConstantValue.</summary>
    public static short[] ConstantArray() => Enumerable.Repeat(ExpectedCounts.WasteConstantValue, ExpectedCounts.WasteConstantLength).ToArray();

    /// <summary>A float[WasteDuplicateLength] of the duplicates' content (j × 1.5) plus <paramref name="shift"/>: 0 for a copy, else a content of its own.</summary>
    public static float[] DuplicateCopy(int shift)
    {
        var copy = new float[ExpectedCounts.WasteDuplicateLength];
        for (var j = 0; j < copy.Length; j++)
        {
            copy[j] = (j * 1.5f) + shift;
        }
        return copy;
    }

    /// <summary>A List&lt;WasteItem&gt; of <paramref name="count"/> items, created empty and added to (capacity 4).</summary>
    public static List<WasteItem> SmallList(int count)
    {
        var list = new List<WasteItem>();
        for (var j = 0; j < count; j++)
        {
            list.Add(new WasteItem());
        }
        return list;
    }

    public static void Plant()
    {
        for (var i = 0; i < ExpectedCounts.WasteZeroArrays; i++)
        {
            s_held.Add(ZeroArray());
        }
        var almost = ZeroArray();
        almost[ExpectedCounts.WasteZeroLength / 2] = 1;
        s_held.Add(almost);
        for (var i = 0; i < ExpectedCounts.WasteConstantArrays; i++)
        {
            s_held.Add(ConstantArray());
        }
        for (var i = 0; i < ExpectedCounts.WasteDuplicateCopies + 2; i++)
        {
            // The last two arrays are near-misses: each its own content.
            s_held.Add(DuplicateCopy(i >= ExpectedCounts.WasteDuplicateCopies ? i : 0));
        }
        var boxes = new List<object>();
        var unboxed = new List<WasteCell>();
        for (var i = 0; i < ExpectedCounts.WasteBoxes; i++)
        {
            boxes.Add(new WasteCell { Value = i });
            unboxed.Add(new WasteCell { Value = i });
        }
        s_held.Add(boxes);
        s_held.Add(unboxed);
        for (var i = 0; i < ExpectedCounts.WasteFieldBoxes; i++)
        {
            s_held.Add(new WasteSetting(i % 2 == 0 ? WasteMode.Idle : WasteMode.Busy));
        }
        PlantCollections();
        PlantQueues();
        PlantSubscriptions();
    }

    private static void PlantSubscriptions()
    {
        var updates = new Subject<WasteMessage>();
        var received = 0;
        for (var i = 0; i < ExpectedCounts.WasteSubscriptions; i++)
        {
            updates.Subscribe(_ => received++);
        }
        s_held.Add(new WasteFeed(updates));
        for (var i = 0; i < ExpectedCounts.WasteQuietSubscriptions; i++)
        {
            s_quietJobs.Subscribe(_ => { });
        }
    }

    private static void PlantCollections()
    {
        foreach (var (lists, count) in new[] { (ExpectedCounts.WasteSmallOfOne, 1), (ExpectedCounts.WasteSmallOfTwo, 2), (ExpectedCounts.WasteSmallOfThree, 3) })
        {
            for (var i = 0; i < lists; i++)
            {
                s_held.Add(SmallList(count));
            }
        }
        var bar = new List<List<WasteTag>>();
        for (var i = 0; i < ExpectedCounts.WasteBarLists; i++)
        {
            bar.Add(new List<WasteTag>(4) { new(), new() });
        }
        s_held.Add(bar);
        var colliding = new Dictionary<WasteKey, int>();
        var good = new Dictionary<WasteGoodKey, int>();
        for (var i = 0; i < ExpectedCounts.WasteCollidingKeys; i++)
        {
            colliding[new WasteKey(i)] = i;
            good[new WasteGoodKey(i)] = i;
        }
        s_held.Add(colliding);
        s_held.Add(good);
        var concurrent = new ConcurrentDictionary<WasteKey, int>();
        var concurrentGood = new ConcurrentDictionary<WasteGoodKey, int>();
        for (var i = 0; i < ExpectedCounts.WasteCollidingKeys; i++)
        {
            concurrent[new WasteKey(i)] = i;
            concurrentGood[new WasteGoodKey(i)] = i;
        }
        s_held.Add(concurrent);
        s_held.Add(concurrentGood);
    }

    private static void PlantQueues()
    {
        s_channel = Channel.CreateUnbounded<WasteMessage>();
        for (var i = 0; i < ExpectedCounts.WasteChannelItems; i++)
        {
            s_channel.Writer.TryWrite(new WasteMessage());
        }
        var queue = new Queue<WasteJob>();
        for (var i = 0; i < ExpectedCounts.WasteQueueItems; i++)
        {
            queue.Enqueue(new WasteJob());
        }
        s_held.Add(new WasteWorker(queue));
        var quiet = new ConcurrentQueue<WasteJob>();
        for (var i = 0; i < ExpectedCounts.WasteQuietQueueItems; i++)
        {
            quiet.Enqueue(new WasteJob());
        }
        s_held.Add(quiet);
    }
}
