using System.Text;
using MemAnalyzer.Views;
using MemAnalyzer.Analysis;
using MemAnalyzer.Cli;
using MemAnalyzer.Linux;
using MemAnalyzer.Output;
using MemAnalyzer.Targets;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.Trend;

namespace MemAnalyzer.Tests.Unit.Fuzz;

/// <summary>Every parser takes random and mutated input without an unhandled exception, within a fixed time budget.</summary>
public sealed class ParserFuzzTests : IDisposable
{
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void TheArgumentNormalizerNeverThrowsAndNeverAddsTokens() =>
        FuzzInput.Run(1, (random, iteration) =>
        {
            var args = Enumerable.Range(0, random.Next(8)).Select(_ => random.Next(3) == 0 ? "-dts" : FuzzInput.Text(random, 12)).ToArray();
            Assert.True(ArgumentNormalizer.Normalize(args).Length <= args.Length);
        });

    [Fact]
    public void TheTopNQueryParserReturnsAQueryOrAReason() =>
        FuzzInput.Run(2, (random, iteration) =>
        {
            var query = TopNQuery.TryParse(FuzzInput.Text(random, 16, "0123456789;#Nn -+x"), out var error);
            Assert.True(query is not null ^ error is not null);
        });

    [Fact]
    public void TheTrackingCsvReaderReadsMutatedCsvOrSaysWhyNot()
    {
        var valid = Encoding.UTF8.GetBytes(
            "sep=\t\nAllocatedBytes\tInstances(Count)\tType\tProcessId\tTime\tCommandLine\tAge(s)\tName\tContext\n" +
            "100\t1\tSystem.String\t42\t2026-11-22 10:00:00\tdotnet app.dll\t5\tdotnet\titeration 1\n" +
            "200\t2\t\"Dictionary<System.String, System.Int32>\"\t42\t2026-11-22 10:00:00\tdotnet app.dll\t5\tdotnet\titeration 1\n" +
            "300\t3\tManaged Heap(Allocated)!\t42\t2026-11-22 10:00:00\tdotnet app.dll\t5\tdotnet\titeration 1\n");
        FuzzInput.Run(3, (random, iteration) =>
        {
            var text = Encoding.UTF8.GetString(FuzzInput.Mutate(random, valid));
            try
            {
                var csv = TrackingCsvReader.Read(new StringReader(text), IterationKey.Context);
                _ = TrendAnalyzer.Analyze(csv);
            }
            catch (FormatException)
            {
            }
        });
    }

    [Fact]
    public void TheElfReaderReadsMutatedHeadersOrSaysWhyNot()
    {
        var original = File.ReadAllBytes("/bin/true");
        FuzzInput.Run(4, (random, iteration) =>
        {
            using var stream = new MemoryStream(FuzzInput.Mutate(random, original[..Math.Min(original.Length, 8192)]));
            var image = ElfImage.TryRead(stream, out var error);
            Assert.True(image is not null || error is not null);
            _ = ElfImage.FindNote(FuzzInput.Mutate(random, original[..Math.Min(original.Length, 512)]), 3, "GNU");
        });
    }

    [Fact]
    public void TheDumpValidatorRejectsMutatedFilesWithItsOwnErrors()
    {
        var original = File.ReadAllBytes("/bin/true");
        var path = _directory.File("mutated.core");
        FuzzInput.Run(5, (random, iteration) =>
        {
            File.WriteAllBytes(path, FuzzInput.Mutate(random, original));
            try
            {
                DumpFileValidator.Validate(path);
            }
            catch (MemAnalyzerException e)
            {
                Assert.Contains(e.ExitCode, new[] { ExitCodes.DumpInvalid, ExitCodes.UnsupportedDumpPlatform, ExitCodes.DumpUnreadable });
            }
        }, maxIterations: 1000);
    }

    [Fact]
    public void TheSmapsParserCountsWhatItCannotReadAndNeverThrows()
    {
        var valid = Encoding.UTF8.GetBytes("55d0c0a00000-55d0c0a21000 rw-p 00000000 00:00 0    [heap]\nSize: 132 kB\nRss: 8 kB\nPss: 8 kB\nSwap: 0 kB\nVmFlags: rd wr ac\n" +
            "7f0000000000-7f0000100000 r--s 00001000 08:01 1234    /data/a b.bin (deleted)\nRss: 1024 kB\nVmFlags: rd sh\n");
        FuzzInput.Run(9, (random, iteration) =>
        {
            var content = MemAnalyzer.MemoryMap.SmapsParser.Parse(new StringReader(Encoding.UTF8.GetString(FuzzInput.Mutate(random, valid))));
            Assert.All(content.Regions, r => Assert.True(r.End >= r.Start));
        });
    }

    [Fact]
    public void TheVmmapParserReadsMutatedExportsOrSaysWhyNot()
    {
        var valid = File.ReadAllBytes(Path.Combine(RepositoryPaths.Root, "MemAnalyzer.Tests", "Unit", "MemoryMap", "Fixtures", "devenv_VMMap.csv"));
        FuzzInput.Run(10, (random, iteration) =>
        {
            try
            {
                _ = MemAnalyzer.MemoryMap.VmmapCsvParser.Parse(new StringReader(Encoding.UTF8.GetString(FuzzInput.Mutate(random, valid))));
            }
            catch (FormatException)
            {
            }
        });
    }

    [Fact]
    public void TheNtFileNoteParserTakesAnyBytes() =>
        FuzzInput.Run(11, (random, iteration) =>
        {
            var bytes = new byte[random.Next(0, 200)];
            random.NextBytes(bytes);
            if (bytes.Length >= 8 && random.Next(2) == 0)
            {
                bytes[0] = (byte)random.Next(4);
                Array.Clear(bytes, 1, 7);
            }
            _ = MemAnalyzer.MemoryMap.CoreDumpRegions.ParseFileNote(bytes).ToList();
        });

    [Fact]
    public void EscapedStringsAreAlwaysPrintable() =>
        FuzzInput.Run(6, (random, iteration) =>
        {
            var value = new string(Enumerable.Range(0, random.Next(80)).Select(_ => (char)random.Next(0x10000)).ToArray());
            var escaped = StringText.Escape(value, random.Next(1, 60));
            for (var i = 0; i < escaped.Length; i++)
            {
                Assert.False(char.IsControl(escaped[i]), $"control character in '{escaped}'");
                if (char.IsHighSurrogate(escaped[i]))
                {
                    Assert.True(i + 1 < escaped.Length && char.IsLowSurrogate(escaped[++i]), "lone high surrogate");
                }
                else
                {
                    Assert.False(char.IsLowSurrogate(escaped[i]), "lone low surrogate");
                }
            }
            Assert.Equal(escaped, Encoding.UTF8.GetString(Encoding.UTF8.GetBytes(escaped)));
        });

    [Fact]
    public void TheCsvAppenderRefusesOrAppendsButNeverLosesAnExistingFile()
    {
        var path = _directory.File("existing.csv");
        var target = new CsvTarget(path, '\t', Overwrite: false, ExcelSeparatorLine: true);
        var map = new TypeCsvRowMap(SizeUnit.Bytes);
        var context = new TargetContext("1", "t", "cmd", 0, "n", "c");
        var valid = Encoding.UTF8.GetBytes("sep=\t\n" + CsvBlock.HeaderLine(map, '\t') + "\n1\t1\tA\t1\tt\tcmd\t0\tn\tc\n");
        FuzzInput.Run(7, (random, iteration) =>
        {
            var before = FuzzInput.Mutate(random, valid);
            File.WriteAllBytes(path, before);
            try
            {
                CsvFileAppender.Validate(target, map);
                CsvFileAppender.Write(target, map, [new TypeTableRow(5, 5, "B", context)]);
                Assert.Equal(before, File.ReadAllBytes(path).Take(before.Length));
            }
            catch (MemAnalyzerException e)
            {
                Assert.Equal(ExitCodes.CsvHeaderMismatch, e.ExitCode);
                Assert.Equal(before, File.ReadAllBytes(path));
            }
        }, maxIterations: 500);
    }
}
