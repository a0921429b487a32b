using System;
using System.Runtime.CompilerServices;

namespace MemAnalyzer.TestTargets.Core31
{
    public sealed class Core31Node
    {
        public Core31Node(int id) => Id = id;

        public int Id { get; }
    }

    public sealed class Core31Garbage
    {
        public Core31Garbage(int id) => Id = id;

        public int Id { get; }
    }

    public sealed class Core31StackHeld
    {
        public readonly byte[] Payload = new byte[100];
    }

    /// <summary>Live nodes in a static, garbage dropped after the last GC, one object held by a local only; READY, then waits for stdin.</summary>
    public static class Program
    {
        private static Core31Node[] s_nodes;

        public static void Main()
        {
            s_nodes = new Core31Node[ExpectedCounts.Core31LiveNodes];
            for (var i = 0; i < s_nodes.Length; i++)
            {
                s_nodes[i] = new Core31Node(i);
            }
            GC.Collect();
            GC.WaitForPendingFinalizers();
            GC.Collect();
            var held = new Core31StackHeld();
            DropGarbage();
            Console.WriteLine(ExpectedCounts.ReadyLine + " " + System.Diagnostics.Process.GetCurrentProcess().Id);
            Console.ReadLine();
            GC.KeepAlive(held);
            GC.KeepAlive(s_nodes);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void DropGarbage()
        {
            var garbage = new Core31Garbage[ExpectedCounts.Core31DeadGarbage];
            for (var i = 0; i < garbage.Length; i++)
            {
                garbage[i] = new Core31Garbage(i);
            }
        }
    }
}
