using System.Runtime.CompilerServices;
using MemAnalyzer.Testing;
using NUnit.Framework;

namespace LeakAssertConsumerNUnit;

/// <summary>24 B, retaining 1,048 B with its byte[1000].</summary>
public sealed class Widget
{
    public byte[] Payload { get; } = new byte[1000];
}

public static class Shelf
{
    public static readonly Dictionary<string, Widget> Widgets = [];
}

/// <summary>KeptOnAShelf fails on purpose; the outer test (LeakAssertPackageTests) reads its message.</summary>
public class NUnitLeakTests
{
    [Test]
    public void KeptOnAShelf()
    {
        var watch = LeakWatch.Start();
        Place(watch, keep: true);
        watch.AssertReleased();
    }

    [Test]
    public void TakenOffTheShelf()
    {
        var watch = LeakWatch.Start();
        Place(watch, keep: false);
        watch.AssertReleased();
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Place(LeakWatch watch, bool keep)
    {
        var widget = watch.Track(new Widget(), "the widget");
        if (keep)
        {
            Shelf.Widgets["kept"] = widget;
        }
    }
}
