using System.Collections.Concurrent;
using System.Threading.Channels;

namespace MemAnalyzer.TestTargets.LeakyApp;

/// <summary>The "morewaste" command of the "waste" mode (ExpectedCounts.WasteMoreCommand): every planted waste grows by a copy of what was planted.</summary>
public static class WasteGrowth
{
    private static readonly List<object> s_grown = [];

    public static void More()
    {
        for (var i = 0; i < ExpectedCounts.WasteMoreZeroArrays; i++)
        {
            s_grown.Add(WasteScenario.ZeroArray());
        }
        for (var i = 0; i < ExpectedCounts.WasteMoreConstantArrays; i++)
        {
            s_grown.Add(WasteScenario.ConstantArray());
        }
        for (var i = 0; i < ExpectedCounts.WasteMoreDuplicateCopies; i++)
        {
            s_grown.Add(WasteScenario.DuplicateCopy(0));
        }
        var boxes = new List<object>(ExpectedCounts.WasteMoreBoxes);
        for (var i = 0; i < ExpectedCounts.WasteMoreBoxes; i++)
        {
            boxes.Add(new WasteCell { Value = i });
        }
        s_grown.Add(boxes);
        for (var i = 0; i < ExpectedCounts.WasteMoreSmallOfOne; i++)
        {
            s_grown.Add(WasteScenario.SmallList(1));
        }
        for (var i = 0; i < ExpectedCounts.WasteMoreSmallOfTwo; i++)
        {
            s_grown.Add(WasteScenario.SmallList(2));
        }
        MoreCollisionsAndBacklogs();
        var feed = WasteScenario.Feed;
        for (var i = 0; i < ExpectedCounts.WasteMoreSubscriptions; i++)
        {
            feed.Subscribe(_ => { });
        }
    }

    /// <summary>One more colliding Dictionary and ConcurrentDictionary, one more unread channel and one more worker's queue.</summary>
    private static void MoreCollisionsAndBacklogs()
    {
        var colliding = new Dictionary<WasteKey, int>();
        for (var i = 0; i < ExpectedCounts.WasteCollidingKeys; i++)
        {
            colliding[new WasteKey(i)] = i;
        }
        var concurrent = new ConcurrentDictionary<WasteKey, int>();
        for (var i = 0; i < ExpectedCounts.WasteCollidingKeys; i++)
        {
            concurrent[new WasteKey(i)] = i;
        }
        s_grown.Add(colliding);
        s_grown.Add(concurrent);
        var channel = Channel.CreateUnbounded<WasteMessage>();
        for (var i = 0; i < ExpectedCounts.WasteMoreChannelItems; i++)
        {
            channel.Writer.TryWrite(new WasteMessage());
        }
        s_grown.Add(channel);
        var queue = new Queue<WasteJob>(ExpectedCounts.WasteMoreQueueItems);
        for (var i = 0; i < ExpectedCounts.WasteMoreQueueItems; i++)
        {
            queue.Enqueue(new WasteJob());
        }
        s_grown.Add(new WasteWorker(queue));
    }
}
