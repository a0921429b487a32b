using System.Runtime.CompilerServices;
using MemAnalyzer.Testing;
using Xunit;

namespace LeakAssertConsumerXunit3;

/// <summary>A lamp of 24 B (header, MethodTable, one reference) holding a byte[1000] of 1,024 B: it retains 1,048 B.</summary>
public sealed class Lamp
{
    public byte[] Payload { get; } = new byte[1000];
}

public static class Showroom
{
    public static readonly List<Lamp> Lamps = [];
}

/// <summary>Under xUnit v3: KeptInTheShowroom fails on purpose (the outer test checks its message), SoldLampIsReleased passes.</summary>
public class Xunit3LeakTests
{
    [Fact]
    public void KeptInTheShowroom() => LeakAssert.Released(Create(Showroom.Lamps.Add));

    [Fact]
    public void SoldLampIsReleased() => LeakAssert.Released(Create(_ => { }));

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static WeakReference Create(Action<Lamp> hold)
    {
        var lamp = new Lamp();
        hold(lamp);
        return new WeakReference(lamp);
    }
}
