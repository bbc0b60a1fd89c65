import React, {useEffect, useState} from 'react';
import {Linking, SafeAreaView, Text} from 'react-native';
import BoxList from './src/BoxList';

// orchard://box/<id> (custom scheme) and https://orchard.example/box/<id> (universal link)
// both open a delivery box.
export default function App() {
  const [box, setBox] = useState<string | null>(null);
  useEffect(() => {
    const open = (url: string | null) => {
      const id = url?.split('/box/')[1];
      if (id) {
        setBox(id);
      }
    };
    Linking.getInitialURL().then(open);
    const sub = Linking.addEventListener('url', e => open(e.url));
    return () => sub.remove();
  }, []);
  return (
    <SafeAreaView style={{flex: 1}}>
      {box ? <Text>Box {box}</Text> : <BoxList />}
    </SafeAreaView>
  );
}
