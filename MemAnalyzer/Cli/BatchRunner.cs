using System.Globalization;
using System.Text;
using System.Text.Json;
using McMaster.Extensions.CommandLineUtils;
using MemAnalyzer.Commands;
using MemAnalyzer.Output;

namespace MemAnalyzer.Cli;

/// <summary>
/// Runs a batch: each dump in its own isolated child (so one crash or damaged dump stops only itself), several at once
/// up to the core count and a memory budget, then one table, CSV or JSON document of them all. A dump that fails gives
/// its error line prefixed with its file name; the exit code says whether some or all failed. A batch of one dump (a
/// single -f whose rows go to a CSV or JSON) prints and exits as that dump's own run does, its JSON built the same way.
/// </summary>
internal static class BatchRunner
{
    public static int Run(string[] args, BatchRequest batch, bool silent, TimeSpan pauseInJsonWrite, IConsole console, CancellationToken cancellation)
    {
        var (csv, json) = (batch.Output.Csv, batch.Output.Json);
        json?.Validate();
        var single = batch.Dumps.Count == 1;
        // Each child writes its block to a file of its own, put into the CSV in the order of the dumps at the end (with
        // -overwrite, replacing it: the file is never half new); the child of a single dump writes the CSV itself, as a
        // run of one dump does.
        var blocks = csv is not null && !single
            ? batch.Dumps.Select((_, i) => $"{csv.Target.Path}.{Environment.ProcessId}.batch{i}.tmp").ToArray()
            : null;
        var parallel = Parallelism(batch.Dumps);
        var environment = new Dictionary<string, string>
        {
            [CommandRunner.WalkThreadsVariable] = Math.Max(1, Environment.ProcessorCount / parallel).ToString(CultureInfo.InvariantCulture),
        };
        var results = new BatchResult[batch.Dumps.Count];
        var printing = new object();
        try
        {
            Parallel.For(0, batch.Dumps.Count, new ParallelOptions { MaxDegreeOfParallelism = parallel }, i =>
            {
                var dump = batch.Dumps[i];
                using var output = new MemoryStream();
                var error = new StringWriter(CultureInfo.InvariantCulture);
                string[] childArgs = [CommandLine.BatchItemSwitch, dump, .. blocks is null ? [] : new[] { CommandLine.BatchCsvSwitch, blocks[i] }, .. args];
                var exitCode = cancellation.IsCancellationRequested ? ExitCodes.Cancelled
                    : IsolatedRunner.Run(childArgs, batch.Each, error, cancellation, new BatchChild(output, environment));
                results[i] = new BatchResult(dump, exitCode, Encoding.UTF8.GetString(output.ToArray()), error.ToString());
                lock (printing)
                {
                    console.Error.Write(single ? results[i].Error : Prefixed(Path.GetFileName(dump), results[i].Error));
                    console.Error.Flush();
                }
            });
            if (blocks is not null)
            {
                CsvBatchBlocks.WriteAll(csv!.Target, blocks);
            }
            WriteOutput(batch, results, (csv, json), silent, pauseInJsonWrite, console);
        }
        finally
        {
            foreach (var block in blocks ?? [])
            {
                File.Delete(block);
            }
        }
        if (single)
        {
            return results[0].ExitCode;
        }
        if (cancellation.IsCancellationRequested)
        {
            console.Error.WriteLine("error: cancelled; the dumps analyzed so far were written");
            return ExitCodes.Cancelled;
        }
        var failed = results.Count(r => r.ExitCode != ExitCodes.Success);
        return failed == 0 ? ExitCodes.Success : failed < results.Length ? ExitCodes.BatchPartlyFailed : ExitCodes.BatchFailed;
    }

    /// <summary>
    /// Up to the core count, and no more dumps at once than half of the available memory holds at the size of the
    /// largest (a dump is mapped into memory while it is read; the walk's own arrays are far smaller).
    /// </summary>
    private static int Parallelism(IReadOnlyList<string> dumps)
    {
        var largest = dumps.Select(d => File.Exists(d) ? new FileInfo(d).Length : 0).DefaultIfEmpty(0).Max();
        var budget = GC.GetGCMemoryInfo().TotalAvailableMemoryBytes / 2;
        var byMemory = largest == 0 ? int.MaxValue : (int)Math.Clamp(budget / largest, 1, int.MaxValue);
        return Math.Clamp(Math.Min(Environment.ProcessorCount, byMemory), 1, Math.Max(1, dumps.Count));
    }

    private static void WriteOutput(BatchRequest batch, BatchResult[] results, (CsvOutput? Csv, JsonOutput? Json) outputs, bool silent,
        TimeSpan pauseInJsonWrite, IConsole console)
    {
        var (csv, json) = outputs;
        if (json is not null)
        {
            var report = JsonHeader.Of(batch.Each) with { Targets = [.. results.SelectMany(r => Targets(r, json.Stamp.Context))] };
            if (json.Path is null)
            {
                JsonReportFile.Write(console.Out, report);
                return;
            }
            if (!silent)
            {
                console.Error.WriteLine(json.Notice());
            }
            JsonReportFile.Write(json.Path, report, pauseInJsonWrite);
            return;
        }
        if (csv is not null)
        {
            if (results.Length == 1)
            {
                // The child's own notice (or nothing with -silent), as a run of one dump prints it.
                console.Out.Write(results[0].Output);
            }
            else if (!silent)
            {
                console.Error.WriteLine($"note: wrote the rows of {results.Count(r => r.ExitCode == ExitCodes.Success)} of {results.Length} dumps to csv file {csv.Target.Path}");
            }
            return;
        }
        foreach (var result in results.Where(r => r.Output.Length > 0))
        {
            console.Out.WriteLine($"== {result.Dump} ==");
            console.Out.Write(result.Output);
        }
    }

    /// <summary>The targets of one dump's document; for a dump that failed, its name, context and error instead of rows.</summary>
    private static IEnumerable<JsonTarget> Targets(BatchResult result, string contextText)
    {
        var report = TryRead(result.Output);
        if (result.ExitCode == ExitCodes.Success && report is not null)
        {
            return report.Targets;
        }
        var lines = result.Error.Split('\n');
        var at = Array.FindLastIndex(lines, l => l.StartsWith(ErrorText.Prefix, StringComparison.Ordinal));
        var message = at >= 0 ? ErrorText.Unfold(lines[at], lines.Skip(at + 1).TakeWhile(ErrorText.IsDetail))
            : $"the analysis ended with exit code {result.ExitCode}";
        var error = new JsonError(result.ExitCode, message);
        // A damaged heap (more than 1 % unreadable) still has its rows: they are kept, with the error beside them.
        return report is { Targets.Count: > 0 } ? report.Targets.Select(t => t with { Error = error })
            : [new JsonTarget(Path.GetFileName(result.Dump), Context: BatchRequest.Context(contextText), Error: error)];
    }

    private static JsonReport? TryRead(string document)
    {
        try
        {
            return JsonSerializer.Deserialize(document, JsonReportFile.Report);
        }
        catch (JsonException)
        {
            return null;
        }
    }

    /// <summary>Every line of a child's stderr with the dump's file name after its "error:", "warning:" or "note:" word, or before the line; an error's indented detail lines stay as they are.</summary>
    private static string Prefixed(string name, string text)
    {
        var lines = text.Split('\n');
        var builder = new StringBuilder();
        foreach (var line in lines.Take(lines[^1].Length == 0 ? lines.Length - 1 : lines.Length))
        {
            if (ErrorText.IsDetail(line))
            {
                builder.Append(line).Append('\n');
                continue;
            }
            var colon = line.IndexOf(": ", StringComparison.Ordinal);
            var word = colon > 0 && line[..colon] is "error" or "warning" or "note" ? line[..(colon + 2)] : "";
            builder.Append(word).Append(name).Append(": ").Append(line[word.Length..]).Append('\n');
        }
        return builder.ToString();
    }
}
